import { observacionWorkflow } from '#sync/schemas/observaciones.workflow.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { Link, useParams } from 'react-router-dom';
import { observationLight, todayInChile } from '#app/data/follow-up-queries.ts';
import { useDeviceFileUrls, useSignedInspectionUrls } from '#app/data/inspection-files.ts';
import { useNivelNames } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { fullName, hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { PhotoThumbnails } from '#app/ui/photo-thumbnails.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { useRemoveRecord } from '#app/ui/records/use-remove-record.ts';
import { SeverityChip, TrafficLight } from '#app/ui/traffic-light.tsx';
import type { RejectValues, RespondValues } from '#app/ui/review/review-forms.tsx';
import { ReviewHistory } from '#app/ui/review/review-history.tsx';
import { ReviewPanel } from '#app/ui/review/review-panel.tsx';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';
import { approveObservation, deleteObservation, rejectObservation, respondObservation } from './observacion-writes.ts';
import '#app/ui/records.css';

export function ObservacionDetailPage() {
  const { id = '' } = useParams();
  const removeRecord = useRemoveRecord();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const today = todayInChile();
  const record = useRecord('observaciones', id);
  const observation = record.status === 'encontrado' ? record.row : null;
  const inspectionId = observation?.IdEvaluacion ?? '';
  const inspectionRecord = useRecord('inspecciones', inspectionId);
  const inspection = inspectionRecord.status === 'encontrado' ? inspectionRecord.row : null;
  const levelNames = useNivelNames();
  const { entries, refused } = useRecordOutbox('observaciones', id);
  const files: FileRef[] = observation ? [...observation.Archivos, ...observation.Respuestas.flatMap((step) => step.Archivos)] : [];
  const deviceUrls = useDeviceFileUrls(files);
  const missing = deviceUrls ? files.filter((file) => !deviceUrls[file.Sha256]).map((file) => file.Sha256) : [];
  const signedUrls = useSignedInspectionUrls({ idEvaluacion: inspectionId, missing });
  const urls = { ...signedUrls, ...deviceUrls };

  if (record.status === 'cargando') return <PageLoading />;

  const route = paths.observaciones.list.href;
  const user = { IdUsuario: session.usuario.IdUsuario, Usuario: fullName(session) };
  // The server decides too (a contractor answers only its own observations and never reviews them); buttons follow.
  const canEdit = hasPermission(session, route, 'editar');
  const reviewer = hasPermission(session, route, 'aprobar') && !isContractorUser(session) && session.usuario.Tipo !== 'cliente';
  const canDelete = hasPermission(session, route, 'eliminar') && !isContractorUser(session);

  const respond = async (values: RespondValues) => {
    if (!observation) return;
    await respondObservation(observation, values, user);
    showSaved(INSPECCIONES_MESSAGES.responseCreated);
  };

  const approve = async () => {
    if (!observation) return;
    await approveObservation(observation, '', user);
    showSaved(INSPECCIONES_MESSAGES.approved);
  };

  const reject = async (values: RejectValues) => {
    if (!observation) return;
    await rejectObservation(observation, values, user, today);
    showSaved(INSPECCIONES_MESSAGES.rejected);
  };

  const remove = async () => {
    if (!observation) return;
    await removeRecord({
      confirmation: { header: 'Eliminar observación', message: '¿Eliminar la observación?' },
      write: () => deleteObservation(observation),
      saved: INSPECCIONES_MESSAGES.observationDeleted,
      listHref: paths.observaciones.list.href,
    });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.observaciones.list.href} parentLabel="Observaciones" title="Observación" />
        {!observation ? (
          <RecordMissing table="observaciones" lookup={record} />
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="observaciones" />}
            <RecordSyncNotice entries={entries} refused={refused} ofWhat="de esta observación" />
            <section className="card review-summary" aria-labelledby="observation-text">
              <div className="review-summary__chips">
                <TrafficLight semaforo={observationLight(observation, today)} />
                <ReviewStateChip state={reviewState(observation, today)} />
                {observation.Severidad && <SeverityChip severity={observation.Severidad} />}
              </div>
              <p id="observation-text" className="review-summary__text">
                {observation.Observacion}
              </p>
              {observation.Enunciado && <p className="muted">Enunciado: {observation.Enunciado}</p>}
              <dl className="record-fields">
                <dt>Responsable</dt>
                <dd>{observation.Responsable || 'Sin responsable'}</dd>
                <dt>Plazo</dt>
                <dd>{observation.Plazo ? formatDisplayDate(observation.Plazo) : 'Sin plazo'}</dd>
                <dt>Tipo</dt>
                <dd>{observation.TipoObs === 'General' ? 'Observación general' : observation.TipoObs === 'Brechas' ? 'Brecha' : 'De enunciado (checklist)'}</dd>
                <dt>Inspección</dt>
                <dd>
                  {inspection ? (
                    <Link to={paths.inspecciones.detalles.href(inspection.IdEvaluacion)}>
                      {inspection.NombreFormulario} · {formatDisplayDate(inspection.Fecha)} · {inspection.Lugar}
                    </Link>
                  ) : (
                    `Del ${formatDisplayDate(observation.Fecha)} (no está en este dispositivo)`
                  )}
                </dd>
                <dt>{levelName(session, 2)}</dt>
                <dd>{(observation.IdNivel2 && levelNames?.get(observation.IdNivel2)) || 'Sin asignar'}</dd>
                <dt>{levelName(session, 3)}</dt>
                <dd>{(observation.IdNivel3 && levelNames?.get(observation.IdNivel3)) || 'Sin asignar'}</dd>
                <dt>Contratista</dt>
                <dd>{observation.RutContratista ? formatRut(observation.RutContratista) : 'Propia'}</dd>
                <dt>Emitida por</dt>
                <dd>{observation.EmisorObs || '—'}</dd>
              </dl>
              <PhotoThumbnails refs={observation.Archivos} urls={urls} label="Fotos de la observación" />
            </section>
            <CardSection id="observation-history" title="Seguimiento">
              <ReviewHistory steps={observation.Respuestas} urls={urls} />
            </CardSection>
            <ReviewPanel
              workflow={observacionWorkflow}
              noun={{ one: 'observación' }}
              record={observation}
              allowed={{ respond: canEdit, review: reviewer, remove: canDelete }}
              today={today}
              closedText="Observación aprobada: el seguimiento está cerrado."
              onRespond={respond}
              onApprove={approve}
              onReject={reject}
              onRemove={remove}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
