import { complianceLabels } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { FORMULARIO_TYPE_LABELS } from '#sync/schemas/formularios.schema.ts';
import { INSPECCIONES_MESSAGES, type TipoObs } from '#sync/schemas/inspecciones.schema.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { documentTextOutline } from 'ionicons/icons';
import { Fragment } from 'react';
import { useParams } from 'react-router-dom';
import { todayInChile } from '#app/data/follow-up-queries.ts';
import { useDeviceFileUrls, useSignedInspectionUrls } from '#app/data/inspection-files.ts';
import { localWrite } from '#app/data/local-write.ts';
import { useNivelNames } from '#app/data/reference-queries.ts';
import { useTemplateVersion } from '#app/data/template-version.ts';
import type { LocalInspeccion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { SignatureFigures } from '#app/ui/field-record/signature-figures.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { useRemoveRecord } from '#app/ui/records/use-remove-record.ts';
import { AnswersByItem, ObservationCard } from './inspeccion-detail-parts.tsx';
import { useInspectionObservations } from './use-inspection-observations.ts';
import '#app/ui/records.css';
import './inspeccion-detail.css';

const INSPECTIONS_PATH = '/api/inspecciones/observaciones-inspecciones';

const OBSERVATION_GROUPS: { tipo: TipoObs; title: string; empty: string }[] = [
  { tipo: 'Checklist', title: 'Observaciones', empty: 'Sin observaciones de enunciados.' },
  { tipo: 'General', title: 'Observación general', empty: 'Sin observación general.' },
  { tipo: 'Brechas', title: 'Brechas', empty: 'Sin brechas registradas.' },
];

/** SPEC OV3: a deleted inspection leaves the device at once and travels as a delete; the server keeps it as Estado 0. */
async function deleteInspection(inspection: LocalInspeccion): Promise<void> {
  await localWrite({
    table: 'inspecciones',
    id: inspection.IdEvaluacion,
    row: null,
    request: { method: 'DELETE', path: `${INSPECTIONS_PATH}/${encodeURIComponent(inspection.IdEvaluacion)}?Version=${inspection.Version}` },
  });
}

function instantLabel(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? formatDisplayDate(value) : formatDisplayDateTime(instant);
}

export function InspeccionDetailPage() {
  const { id = '' } = useParams();
  const removeRecord = useRemoveRecord();
  const session = useRequiredSession();
  const today = todayInChile();
  const record = useRecord('inspecciones', id);
  const inspection = record.status === 'encontrado' ? record.row : null;
  const fromServer = record.status === 'encontrado' && record.source === 'servidor';
  const observations = useInspectionObservations(id, fromServer);
  const observedKey = inspection?.Observados.join(',') ?? '';
  const observed = useDbQuery(async (db) => (observedKey ? await db.trabajadores.bulkGet(observedKey.split(',')) : []), [observedKey]);
  const levelNames = useNivelNames();
  const version = useTemplateVersion(inspection);
  const { entries, refused } = useRecordOutbox('inspecciones', id);
  const files: FileRef[] = [
    ...(observations ?? []).flatMap((observation) => observation.Archivos),
    ...(inspection?.Firmas ?? []).map((firma) => firma.Archivo),
  ];
  const deviceUrls = useDeviceFileUrls(files);
  const missing = deviceUrls ? files.filter((file) => !deviceUrls[file.Sha256]).map((file) => file.Sha256) : [];
  const signedUrls = useSignedInspectionUrls({ idEvaluacion: inspection ? id : '', missing });
  const urls = { ...signedUrls, ...deviceUrls };
  const route = paths.inspecciones.list.href;

  if (record.status === 'cargando') return <PageLoading />;

  const remove = async () => {
    if (!inspection) return;
    await removeRecord({
      confirmation: { header: 'Eliminar inspección', message: '¿Eliminar la inspección?' },
      write: () => deleteInspection(inspection),
      saved: INSPECCIONES_MESSAGES.deleted,
      listHref: paths.inspecciones.list.href,
    });
  };

  if (!inspection) {
    return (
      <PageContent>
        <div className="page-body">
          <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title="Inspección" />
          <RecordMissing table="inspecciones" lookup={record} />
        </div>
      </PageContent>
    );
  }

  const grade = complianceLabels(inspection);
  const counts = { cumple: 0, noCumple: 0, noAplica: 0 };
  for (const answer of inspection.Respuestas) {
    if (answer.Respuesta === 1) counts.cumple += 1;
    else if (answer.Respuesta === 2) counts.noCumple += 1;
    else counts.noAplica += 1;
  }
  const headerLabels =
    version.status === 'ready'
      ? new Map(version.template.Contenido.CamposEncabezado.map((campo) => [campo.IdCampo, campo.Etiqueta]))
      : new Map<string, string>();
  const observedNames = (observed ?? []).flatMap((worker) => (worker ? [`${worker.Nombres} ${worker.ApellidoPaterno}`.trim()] : []));

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.inspecciones.list.href} parentLabel="Inspecciones" title={inspection.NombreFormulario} />
        {fromServer && <ServerCopyNote table="inspecciones" />}
        <RecordSyncNotice entries={entries} refused={refused} ofWhat="de esta inspección" />
        <CardSection id="inspection-data" title="Datos">
          <dl className="record-fields">
            <dt>Fecha</dt>
            <dd>{formatDisplayDate(inspection.Fecha)}</dd>
            <dt>Tipo</dt>
            <dd>{FORMULARIO_TYPE_LABELS[inspection.Tipo]}</dd>
            <dt>Formulario</dt>
            <dd>
              {inspection.NombreFormulario} (versión {inspection.VersionFormulario})
            </dd>
            <dt>Lugar</dt>
            <dd>{inspection.Lugar}</dd>
            <dt>{levelName(session, 2)}</dt>
            <dd>{(inspection.IdNivel2 && levelNames?.get(inspection.IdNivel2)) || 'Sin asignar'}</dd>
            <dt>{levelName(session, 3)}</dt>
            <dd>{(inspection.IdNivel3 && levelNames?.get(inspection.IdNivel3)) || 'Sin asignar'}</dd>
            <dt>Supervisor</dt>
            <dd>{inspection.Supervisor}</dd>
            <dt>Trabajadores observados</dt>
            <dd>
              {observedNames.join(', ') ||
                (inspection.Observados.length > 0 ? `${inspection.Observados.length} trabajador(es)` : 'Ninguno')}
            </dd>
            <dt>Equipo de trabajo</dt>
            <dd>{inspection.EquipoTrabajo || 'Sin equipo'}</dd>
            <dt>Contratista</dt>
            <dd>{inspection.RutContratista ? formatRut(inspection.RutContratista) : 'Propia'}</dd>
            {Object.entries(inspection.Encabezado).map(([campo, value]) => (
              <Fragment key={campo}>
                <dt>{headerLabels.get(campo) ?? `Campo del encabezado (${campo})`}</dt>
                <dd>{value || '—'}</dd>
              </Fragment>
            ))}
            <dt>Finalizada</dt>
            <dd>{instantLabel(inspection.FinalizadaEn)}</dd>
          </dl>
        </CardSection>
        <CardSection id="inspection-grade" title="Resultado">
          <dl className="inspection-grade">
            <div>
              <dt>Cumplimiento</dt>
              <dd>{grade.porcentaje}</dd>
            </div>
            <div>
              <dt>Nota</dt>
              <dd>{grade.nota}</dd>
            </div>
            <div>
              <dt>Cumple</dt>
              <dd>{counts.cumple}</dd>
            </div>
            <div>
              <dt>No cumple</dt>
              <dd>{counts.noCumple}</dd>
            </div>
            <div>
              <dt>No aplica</dt>
              <dd>{counts.noAplica}</dd>
            </div>
          </dl>
        </CardSection>
        <CardSection id="inspection-answers" title="Respuestas">
          <AnswersByItem inspection={inspection} version={version} />
        </CardSection>
        {OBSERVATION_GROUPS.map((group) => {
          const rows = (observations ?? []).filter((observation) => observation.TipoObs === group.tipo);
          return (
            <CardSection key={group.tipo} id={`inspection-observations-${group.tipo}`} title={group.title}>
              {observations === undefined ? (
                <PageLoading />
              ) : rows.length === 0 ? (
                <p className="muted">{group.empty}</p>
              ) : (
                <ul className="inspection-observations">
                  {rows.map((observation) => (
                    <ObservationCard key={observation.IdObservacion} observation={observation} today={today} urls={urls} />
                  ))}
                </ul>
              )}
            </CardSection>
          );
        })}
        <CardSection id="inspection-signatures" title="Firmas">
          <SignatureFigures
            signatures={inspection.Firmas.map((firma) => ({
              key: firma.IdFirma,
              role: firma.Rol === 'Ejecutor' ? 'Ejecutor' : 'Firmante',
              name: firma.Nombre,
              rut: firma.Rut,
              detail: [firma.Cargo, `Firmado ${instantLabel(firma.FirmadoEn)}`].filter(Boolean).join(' · '),
              url: urls[firma.Archivo.Sha256],
            }))}
          />
        </CardSection>
        <div className="button-row">
          <IonButton routerLink={paths.pdf.report.href(inspection.Tipo, session.empresa.IdEmpresa, inspection.IdEvaluacion)}>
            <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
            Ver PDF
          </IonButton>
          {hasPermission(session, paths.eppSolicitudes.list.href, 'crear') && (
            <IonButton fill="outline" color="dark" routerLink={paths.eppSolicitudes.nuevoDesde.href(inspection.IdEvaluacion)}>
              Solicitar EPP
            </IonButton>
          )}
          {hasPermission(session, route, 'editar') && !isContractorUser(session) && (
            <IonButton fill="outline" color="dark" routerLink={paths.inspecciones.corregir.href(inspection.IdEvaluacion)}>
              Corregir
            </IonButton>
          )}
          {hasPermission(session, route, 'eliminar') && (
            <IonButton fill="outline" color="danger" onClick={() => void remove()}>
              Eliminar
            </IonButton>
          )}
        </div>
      </div>
    </PageContent>
  );
}
