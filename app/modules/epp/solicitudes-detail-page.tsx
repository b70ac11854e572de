import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import { stateOf } from '#sync/records/workflow.ts';
import { type EppSolicitud, requestWorkers, type SolicitudLinea } from '#sync/schemas/epp-solicitudes.schema.ts';
import { eppSolicitudWorkflow } from '#sync/schemas/epp-solicitudes.workflow.ts';
import { IonButton } from '@ionic/react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { FactList } from '#app/ui/fact-list.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { ReportTable } from '#app/ui/report-list/report-table.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import '#app/ui/records.css';

const PARENT = { href: paths.eppSolicitudes.list.href, label: 'Solicitudes de EPP' };

/** A request's lines: who needs what, in which size and how many, and whether they signed its acta. */
const lineColumns = (request: EppSolicitud): ReportColumn<SolicitudLinea>[] => [
  { header: 'Trabajador', value: (line) => line.NombreTrabajador, wrap: true },
  { header: 'RUT', value: (line) => line.RunPersona, format: 'rut' },
  { header: 'EPP', value: (line) => line.NombreEpp, wrap: true },
  { header: 'Talla', value: (line) => line.Talla, empty: 'Única' },
  { header: 'Cantidad', value: (line) => line.Cantidad, format: 'number' },
  { header: 'Firmó', value: (line) => (request.Entregado.some((row) => row.IdPersona === line.IdPersona) ? 'Sí' : 'No') },
];

/** The dispatch, once there is one: code, day and who dispatched. */
function dispatchFacts(request: EppSolicitud) {
  if (!request.CodigoDespacho) return [['Despacho', 'Aún no despachada'] as const];
  const rut = request.RutDespachador ? formatRut(`${request.RutDespachador}-${request.DvDespachador ?? ''}`) : '';
  return [
    ['Código de despacho', request.CodigoDespacho] as const,
    ['Fecha de despacho', request.FechaDespacho ? formatDisplayDate(request.FechaDespacho) : ''] as const,
    ['Despachada por', `${request.NombreDespachador ?? ''}${rut ? ` (${rut})` : ''}`] as const,
  ];
}

/** Who signed the acta of this request, each with a link to their acta. */
function Signed({ request }: { request: EppSolicitud }) {
  if (request.Entregado.length === 0) return <p className="muted">Ningún trabajador ha firmado la entrega de esta solicitud.</p>;
  return (
    <ul aria-label="Actas firmadas">
      {request.Entregado.map((row) => (
        <li key={row.IdEntregadosEpp}>
          {row.NombreCompleto} ({formatRut(`${row.RunPersona}-${row.DvPersona}`)}), {formatDisplayDate(row.Fecha)}:{' '}
          <Link to={paths.eppEntregados.detalles.href(row.IdEntregadosEpp)}>Ver acta de {row.NombreCompleto}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/epp/solicitudes/detalles/{id}`: one EPP request as the device holds it (offline too): its state, who asked and
 * when, each worker's items with size and quantity, the dispatch and who signed. A request not on the device is read
 * from the server when there is a network; otherwise the screen says it will come with the next sync.
 */
export function EppSolicitudDetailPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const record = useRecord('epp_solicitudes', id, (row) => row.Estado !== 0);
  const { entries, refused } = useRecordOutbox('epp_solicitudes', id);

  if (record.status === 'cargando') return <PageLoading />;
  if (record.status !== 'encontrado') {
    return (
      <PageContent>
        <div className="page-body">
          <PageHeading parentHref={PARENT.href} parentLabel={PARENT.label} title="Solicitud de EPP" />
          <RecordMissing table="epp_solicitudes" lookup={record} />
        </div>
      </PageContent>
    );
  }

  const request = record.row;
  const state = eppSolicitudWorkflow.states.find((candidate) => candidate.value === stateOf(eppSolicitudWorkflow, request));
  const canEdit = request.Estado === 1 && hasPermission(session, PARENT.href, 'editar');
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={PARENT.href} parentLabel={PARENT.label} title={`Solicitud del ${formatDisplayDate(request.Fecha)}`} />
        {record.source === 'servidor' && <ServerCopyNote table="epp_solicitudes" />}
        <RecordSyncNotice entries={entries} refused={refused} ofWhat="de esta solicitud" />
        <CardSection id="epp-solicitud-data" title="Datos de la solicitud">
          <FactList
            facts={[
              ['Estado', state?.name ?? ''],
              ['Fecha', formatDisplayDate(request.Fecha)],
              ['Solicitada por', request.Solicitante || 'Este dispositivo'],
              ['Trabajadores', String(requestWorkers(request).length)],
              request.IdEvaluacion ? ['Origen', 'Una inspección'] : null,
              ...dispatchFacts(request),
            ]}
          />
        </CardSection>
        <CardSection id="epp-solicitud-lines" title="EPP solicitados">
          {request.Lineas.length === 0 ? (
            <p className="muted">La solicitud no tiene EPP.</p>
          ) : (
            <ReportTable label="EPP solicitados por trabajador" columns={lineColumns(request)} rows={request.Lineas} rowKey={(line) => line.IdLinea} />
          )}
        </CardSection>
        {request.Estado !== 1 && (
          <CardSection id="epp-solicitud-signed" title="Entrega">
            <Signed request={request} />
          </CardSection>
        )}
        {canEdit && (
          <div className="button-row record-form__actions">
            <IonButton routerLink={paths.eppSolicitudes.editar.href(request.IdSolicitud)}>Editar tallas</IonButton>
          </div>
        )}
      </div>
    </PageContent>
  );
}
