import { formatDisplayDate, formatDisplayInstant } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCargos, useNivelNames } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordActions } from '#app/ui/records/record-actions.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { useDeleteRecords } from '#app/ui/records/use-delete-records.ts';
import { ChildTable } from './child-list-editor.tsx';
import { FileLink, FileLinks } from './file-link.tsx';
import { trabajadoresView } from './trabajadores-view.ts';
import { useFileUrl, useServerFileUrls } from './use-worker-files.ts';
import { activeOnly, certificationTable, EVIDENCE_TABLE, LICENCE_TABLE } from './worker-children.tsx';
import '#app/ui/records.css';
import './trabajadores.css';
import { personName } from '#sync/domain/person-name.ts';

interface TrabajadorDetailPageProps {
  /** Sections other modules add to the worker's record (their trainings), composed by app/pages. */
  sections?: (workerId: string) => ReactNode;
}

export function TrabajadorDetailPage({ sections }: TrabajadorDetailPageProps = {}) {
  const { id } = useParams();
  const navigate = useNavigate();
  const deleteRecords = useDeleteRecords(trabajadoresView);
  const session = useRequiredSession();
  const record = useRecord('trabajadores', id ?? '');
  const worker = record.status === 'encontrado' ? record.row : null;
  const cargos = useCargos();
  const levelNames = useNivelNames();
  const { entries, refused } = useRecordOutbox('trabajadores', id ?? '');
  const serverUrls = useServerFileUrls(session.empresa.IdEmpresa, worker);
  const signatureUrl = useFileUrl(worker?.Firma, serverUrls);
  const route = paths.trabajadores.list.href;
  const certificates = certificationTable(cargos);

  if (record.status === 'cargando') return <PageLoading />;

  const remove = async () => {
    if (worker && (await deleteRecords([worker])) > 0) navigate(paths.trabajadores.list.href, { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading
          parentHref={paths.trabajadores.list.href}
          parentLabel="Trabajadores"
          title={worker ? personName(worker) : 'Trabajador'}
        />
        {!worker ? (
          <RecordMissing table="trabajadores" lookup={record} />
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="trabajadores" />}
            <RecordSyncNotice
              entries={entries}
              refused={refused}
              ofWhat="de este trabajador"
              correctHref={refused && correctionHref(session, refused, worker)}
            />
            <CardSection id="worker-data" title="Datos">
              <dl className="record-fields">
                <dt>Rut</dt>
                <dd>{formatRut(worker.RunPersona)}</dd>
                <dt>Cargos</dt>
                <dd>{worker.cargos.map((cargo) => cargos?.find((row) => row.IdCargo === cargo)?.NombreCargo).filter(Boolean).join(', ') || 'Sin cargo'}</dd>
                <dt>{levelName(session, 2)}</dt>
                <dd>{(worker.IdNivel2 && levelNames?.get(worker.IdNivel2)) || 'Sin asignar'}</dd>
                <dt>{levelName(session, 3)}</dt>
                <dd>{(worker.IdNivel3 && levelNames?.get(worker.IdNivel3)) || 'Sin asignar'}</dd>
                <dt>Empresa</dt>
                <dd>{worker.RutContratista ? `Contratista ${formatRut(worker.RutContratista)}` : 'Propia'}</dd>
                <dt>Fecha ficha médica</dt>
                <dd>{formatDisplayDate(worker.FechaFichaMedica) || 'Sin registrar'}</dd>
                <dt>Ficha médica</dt>
                <dd>
                  <FileLink fileRef={worker.FichaMedica} serverUrls={serverUrls} label="Ver ficha médica" />
                </dd>
                <dt>Correo personal</dt>
                <dd>
                  {!worker.CorreoPersonal
                    ? 'Sin registrar'
                    : worker.ConsentimientoCorreo
                      ? `${worker.CorreoPersonal} (recibe sus actas; autorizado el ${formatDisplayInstant(worker.ConsentimientoCorreo)})`
                      : worker.CorreoPersonal}
                </dd>
              </dl>
            </CardSection>
            <CardSection id="worker-signature" title="Firma">
              {!worker.Firma ? (
                <p className="muted">Sin firma registrada.</p>
              ) : signatureUrl ? (
                <img className="signature-image" src={signatureUrl} alt={`Firma de ${worker.Nombres} ${worker.ApellidoPaterno}`} />
              ) : (
                <p className="muted">La firma se mostrará cuando haya conexión.</p>
              )}
            </CardSection>
            <CardSection id="worker-certifications" title="Certificaciones">
              <ChildTable
                {...certificates}
                columns={[...certificates.columns, { header: 'Archivo', cell: (row) => <FileLinks refs={row.Archivos} serverUrls={serverUrls} label={`Ver certificado ${row.Nombre}`} /> }]}
                rows={activeOnly(worker.certificaciones)}
              />
            </CardSection>
            <CardSection id="worker-licences" title="Licencias de conducir">
              <ChildTable
                {...LICENCE_TABLE}
                columns={[...LICENCE_TABLE.columns, { header: 'Archivo', cell: (row) => <FileLinks refs={row.Archivos} serverUrls={serverUrls} label={`Ver licencia clase ${row.Clase}`} /> }]}
                rows={activeOnly(worker.licencias)}
              />
            </CardSection>
            <CardSection id="worker-evidence" title="Evidencias">
              <ChildTable
                {...EVIDENCE_TABLE}
                columns={[...EVIDENCE_TABLE.columns, { header: 'Archivo', cell: (row) => <FileLink fileRef={row.Archivo} serverUrls={serverUrls} label={`Ver evidencia ${row.Nombre}`} /> }]}
                rows={worker.evidencias}
              />
            </CardSection>
            {sections?.(worker.IdPersona)}
            <RecordActions
              editHref={paths.trabajadores.editar.href(worker.IdPersona)}
              canEdit={hasPermission(session, route, 'editar')}
              canDelete={hasPermission(session, route, 'eliminar')}
              onDelete={() => void remove()}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
