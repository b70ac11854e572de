import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { formatGrade } from '#sync/domain/number-format.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { trainingState } from '#sync/domain/training-rules.ts';
import { CAPACITACIONES_MESSAGES } from '#sync/schemas/capacitaciones.schema.ts';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { apiRequest } from '#app/data/api-client.ts';
import type { LocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { RecordActions } from '#app/ui/records/record-actions.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useDeleteRecords } from '#app/ui/records/use-delete-records.ts';
import { useRecord } from '#app/ui/records/use-record.ts';
import { startAttendance } from './asistencia-store.ts';
import { hoursText, type TrainingLookups, typeLabel, useTrainingLookups } from './capacitaciones-lookups.ts';
import { EvidenceList } from './evidence-list.tsx';
import { sessionsView } from './sesiones-view.ts';
import { addSessionEvidence, removeSessionEvidence } from './sesion-writes.ts';
import { TrainingStateChip } from './training-state.tsx';
import '#app/ui/records.css';
import './capacitaciones.css';
import { ScrollTable } from '#app/ui/scroll-table.tsx';

/** The signed addresses of a session's files on the server (online), for its evidence. */
function useSessionUrls(session: LocalCapacitacion | null): Record<string, string> | undefined {
  const { empresa } = useRequiredSession();
  const online = useOnlineStatus();
  const query = useQuery({
    queryKey: ['capacitaciones', 'archivos', session?.IdCapacitacion, session?.Version],
    queryFn: ({ signal }) => apiRequest<{ data: { Urls?: Record<string, string> } | null }>(`/capacitaciones/creadas/${session!.IdCapacitacion}/${empresa.IdEmpresa}`, { signal }),
    enabled: online && session !== null && session.Evidencias.length > 0,
  });
  return query.data?.data?.Urls;
}

function SessionData({ row, lookups }: { row: LocalCapacitacion; lookups: TrainingLookups }) {
  const session = useRequiredSession();
  const line = lookups.programme.find((candidate) => candidate.IdCapacitacion === row.IdPrograma);
  const fields: [string, string][] = [
    ['Tipo', typeLabel(lookups, row.IdTipoCapacitacion)],
    ['Fecha', `${formatDisplayDate(row.Fecha)}${row.HoraInicio ? ` ${row.HoraInicio}` : ''}`],
    ['Lugar', row.Lugar],
    ['Duración', hoursText(row.DuracionHoras)],
    [levelName(session, 2), (row.IdNivel2 && lookups.levelName.get(row.IdNivel2)) || 'Toda la empresa'],
    [levelName(session, 3), (row.IdNivel3 && lookups.levelName.get(row.IdNivel3)) || 'Todos'],
    ['Programa', line ? `${line.Mes}/${line.Anio} · ${line.Tema}` : 'Fuera del programa'],
    ['Estado', row.Realizada === 1 ? `Realizada el ${formatDisplayDate(row.FechaRealizacion)}` : 'Por realizar'],
  ];
  return (
    <CardSection id="sesion-datos" title="Datos">
      <dl className="record-fields">
        {fields.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </Fragment>
        ))}
      </dl>
    </CardSection>
  );
}

function Participants({ row, lookups }: { row: LocalCapacitacion; lookups: TrainingLookups }) {
  const { empresa } = useRequiredSession();
  const today = toWireDate(new Date());
  const active = row.Participantes.filter((participant) => participant.Estado === 1);
  return (
    <CardSection id="sesion-participantes" title={`Participantes (${active.length})`}>
      {active.length === 0 ? (
        <p className="muted">Sin participantes.</p>
      ) : (
        <ScrollTable label="Participantes">
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">RUT</th>
              <th scope="col">Cargo</th>
              <th scope="col">Asistencia</th>
              {row.Evaluada === 1 && <th scope="col">Nota</th>}
              {row.Realizada === 1 && <th scope="col">Vigencia</th>}
              {row.Realizada === 1 && <th scope="col">Certificado</th>}
            </tr>
          </thead>
          <tbody>
            {active.map((participant) => (
              <tr key={participant.Id}>
                <td>{participant.Nombre}</td>
                <td>{formatRut(participant.RunPersona)}</td>
                <td>{(participant.IdCargo && lookups.cargoName.get(participant.IdCargo)) || '—'}</td>
                <td>{participant.Asistio === 1 ? 'Asistió (firmó)' : row.Realizada === 1 ? 'No asistió' : 'Pendiente'}</td>
                {row.Evaluada === 1 && <td>{participant.Nota === null ? '—' : formatGrade(participant.Nota)}</td>}
                {row.Realizada === 1 && <td>{participant.Asistio === 1 ? <TrainingStateChip state={trainingState(participant, row.Evaluada, today)} expiry={participant.FechaVencimiento} /> : '—'}</td>}
                {row.Realizada === 1 && (
                  <td>{participant.Asistio === 1 && <Link to={paths.pdf.report.href('capacitacion', empresa.IdEmpresa, participant.Id)}>Certificado de {participant.Nombre}</Link>}</td>
                )}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </CardSection>
  );
}

function Presenters({ row }: { row: LocalCapacitacion }) {
  const active = row.Relatores.filter((relator) => relator.Estado === 1);
  return (
    <CardSection id="sesion-relatores" title="Relatores">
      {active.length === 0 ? (
        <p className="muted">Sin relatores.</p>
      ) : (
        <ul className="people-list">
          {active.map((relator) => (
            <li key={relator.Id}>
              <span>
                {relator.Nombre || 'Relator por cargo'}
                {relator.Rut && <span className="muted"> · {formatRut(relator.Rut)}</span>}
              </span>
              <span className="muted">{relator.Firma ? 'Firmó' : 'Sin firma'}</span>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/** A session: its data, who takes part (with grades, validity and certificates once realised), presenters and evidence. */
export function SesionDetailPage({ realizadas }: { realizadas: boolean }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const notify = useNotice();
  const lookups = useTrainingLookups();
  const record = useRecord('capacitaciones', id);
  const row = record.status === 'encontrado' ? record.row : null;
  const onDevice = record.status === 'encontrado' && record.source === 'dispositivo';
  const view = sessionsView(realizadas);
  const { entries, refused } = useRecordOutbox('capacitaciones', id);
  const deleteRecords = useDeleteRecords(view);
  const urls = useSessionUrls(row);
  const route = paths.capacitaciones.creadas.list.href;
  const canEdit = hasPermission(session, route, 'editar');
  if (record.status === 'cargando' || !lookups) return <PageLoading />;
  const takeAttendance = async () => {
    try {
      await startAttendance(requireDevice().db, row!, { userId: session.usuario.IdUsuario, companyId: session.empresa.IdEmpresa });
      navigate(paths.capacitaciones.asistencia.href(id));
    } catch (error) {
      notify({ message: error instanceof Error ? error.message : String(error), tone: 'error' });
    }
  };
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={view.routes.list.href} parentLabel={view.title} title={row ? row.Tema : 'Capacitación'} />
        {!row ? (
          <RecordMissing table="capacitaciones" lookup={record} />
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="capacitaciones" />}
            <RecordSyncNotice entries={entries} refused={refused} ofWhat="de esta capacitación" correctHref={refused && correctionHref(session, refused, row)} />
            {row.Realizada === 0 && canEdit && onDevice && (
              <div className="button-row">
                <IonButton size="large" onClick={() => void takeAttendance()}>
                  Tomar asistencia
                </IonButton>
              </div>
            )}
            <SessionData row={row} lookups={lookups} />
            <Participants row={row} lookups={lookups} />
            <Presenters row={row} />
            <EvidenceList
              id="sesion-evidencias"
              title="Guías y evidencias"
              evidence={row.Evidencias}
              serverUrls={urls}
              defaultType="Guía"
              onAdd={canEdit && onDevice ? async (child, file) => {
                await addSessionEvidence(row, child, file);
                showSaved(CAPACITACIONES_MESSAGES.evidenceAdded);
              } : undefined}
              onRemove={canEdit && onDevice ? async (evidence) => {
                await removeSessionEvidence(row, evidence);
                showSaved(CAPACITACIONES_MESSAGES.guideRemoved);
              } : undefined}
            />
            <RecordActions
              editHref={paths.capacitaciones.creadas.editar.href(id)}
              canEdit={canEdit && row.Realizada === 0}
              canDelete={hasPermission(session, route, 'eliminar')}
              onDelete={() => void deleteRecords([row]).then((count) => count > 0 && navigate(view.routes.list.href, { replace: true }))}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
