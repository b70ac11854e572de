import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { MOTIVOS_ENTREGA, verificationUrl } from '#sync/domain/epp-delivery.ts';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import type { EntregaLinea } from '#sync/schemas/epp-entregas.schema.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { VALIDITY_LABELS, validityState } from '#sync/domain/validity.ts';
import { eppActaWorkflow } from '#sync/schemas/epp-entregas.workflow.ts';
import { IonButton } from '@ionic/react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useRecordFileUrls } from '#app/data/record-file-urls.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { type Fact, FactList } from '#app/ui/fact-list.tsx';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { ReportTable } from '#app/ui/report-list/report-table.tsx';
import { SignatureFigures } from '#app/ui/field-record/signature-figures.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { useWorkflowActions } from '#app/ui/workflow/use-workflow-actions.ts';
import { verificationBase } from './epp-acta-report-source.ts';
import '#app/ui/records.css';
import './epp-acta.css';

/** The acta's lines: what was handed over, in which size, and until when it is in force. */
const itemColumns = (today: string): ReportColumn<EntregaLinea>[] => [
  { header: 'EPP', value: (item) => item.NombreEpp, wrap: true },
  { header: 'Talla', value: (item) => item.Talla, empty: 'Única' },
  { header: 'Cantidad', value: (item) => item.Cantidad, format: 'number' },
  {
    header: 'Vence',
    value: (item) => item.VenceEl && `${formatDisplayDate(item.VenceEl)} (${VALIDITY_LABELS[validityState(item.VenceEl, today)]})`,
    empty: 'No vence',
  },
];

/** `/epp/entregados/detalles/{id}`: one worker's sealed acta, its state, its seal and verification link, and what may be done with it. */
export function EppActaDetailPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const navigate = useNavigate();
  const actions = useWorkflowActions(eppActaWorkflow);
  const record = useRecord('epp_entregas', id);
  const acta = record.status === 'encontrado' ? record.row : null;
  const { entries, refused } = useRecordOutbox('epp_entregas', id);
  const corrections = useDbQuery(async (db) => (id ? await db.epp_entregas.where('Corrige').equals(id).toArray() : []), [id]);
  // An acta pulled from the server may not have its signatures' bytes on this device.
  const urls = useRecordFileUrls(
    `/epp/one/${encodeURIComponent(session.empresa.IdEmpresa)}/${encodeURIComponent(id)}`,
    acta ? [acta.Entregador.Firma, acta.FirmaTrabajador] : [],
  );
  const route = paths.eppEntregados.list.href;
  const today = toWireDate(new Date());

  if (record.status === 'cargando') return <PageLoading />;
  if (!acta) {
    return (
      <PageContent>
        <div className="page-body">
          <PageHeading parentHref={route} parentLabel="Entregas de EPP" title="Acta de entrega" />
          <RecordMissing table="epp_entregas" lookup={record} />
        </div>
      </PageContent>
    );
  }

  const received = 'Aún no: se envía al haber conexión';
  const link = verificationUrl(verificationBase(session), acta.Sello);

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={route} parentLabel="Entregas de EPP" title={`Acta de ${acta.NombreTrabajador}`} />
        {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="epp_entregas" />}
        <RecordSyncNotice entries={entries} refused={refused} ofWhat="de esta acta" />
        {acta.Anulada === 1 && (
          <p className="notice notice--error">
            Acta anulada{acta.AnuladaEn ? ` el ${formatDisplayDateTime(new Date(acta.AnuladaEn))}` : ''}
            {acta.AnuladaPor ? ` por ${acta.AnuladaPor}` : ''}. Se conserva con su sello.
          </p>
        )}
        <CardSection id="epp-acta-data" title="Datos de la entrega">
          <FactList
            facts={[
              ['Trabajador', acta.NombreTrabajador],
              ['RUT', formatRut(acta.RunPersona)],
              ['Fecha de entrega', formatDisplayDate(acta.Fecha)],
              ['Motivo', MOTIVOS_ENTREGA[acta.Motivo]],
              ['Entregado por', `${acta.Entregador.Nombre} (${formatRut(acta.Entregador.Rut)})`],
              ['Firmada', formatDisplayDateTime(new Date(acta.FirmadoEn))],
              ['Recibida por el servidor', acta.RecibidoEn ? formatDisplayDateTime(new Date(acta.RecibidoEn)) : received],
              acta.Corrige ? ['Corrige el acta', <Link to={paths.eppEntregados.detalles.href(acta.Corrige)}>Ver el acta corregida</Link>] : null,
              ...(corrections ?? []).map(({ IdEntregadosEpp, Fecha }): Fact => [
                'Corregida por',
                <Link to={paths.eppEntregados.detalles.href(IdEntregadosEpp)}>Acta del {formatDisplayDate(Fecha)}</Link>,
              ]),
            ]}
          />
        </CardSection>
        <CardSection id="epp-acta-items" title="Elementos entregados">
          <ReportTable label="Líneas del acta" columns={itemColumns(today)} rows={acta.Items} rowKey={(item) => item.IdLinea} />
        </CardSection>
        <CardSection id="epp-acta-signatures" title="Firmas">
          <SignatureFigures
            signatures={[
              { key: 'entrega', role: 'Entrega', name: acta.Entregador.Nombre, rut: acta.Entregador.Rut, url: urls[acta.Entregador.Firma.Sha256] },
              { key: 'recibe', role: 'Recibe', name: acta.NombreTrabajador, rut: acta.RunPersona, url: urls[acta.FirmaTrabajador.Sha256] },
            ]}
          />
        </CardSection>
        <CardSection id="epp-acta-seal" title="Sello y verificación">
          <p className="muted">Sello SHA-256 calculado en el dispositivo al firmar el trabajador:</p>
          <p className="epp-seal" aria-label="Sello del acta">
            {acta.Sello}
          </p>
          <p className="epp-acta-verification">
            Verificación pública:{' '}
            <a href={link} target="_blank" rel="noopener">
              {link}
            </a>
          </p>
        </CardSection>
        <div role="alert">{actions.error && <p className="notice notice--error">{actions.error}</p>}</div>
        <div className="button-row record-form__actions">
          <IonButton routerLink={paths.pdf.report.href('epp', acta.IdEmpresa, acta.IdEntregadosEpp)}>Ver PDF</IonButton>
          {hasPermission(session, route, 'crear') && (
            <IonButton fill="outline" color="dark" onClick={() => navigate(`${paths.eppEntregados.nuevo.href}?corrige=${encodeURIComponent(acta.IdEntregadosEpp)}`)}>
              Registrar corrección
            </IonButton>
          )}
          {actions.offered(acta, 'anular') && (
            <IonButton fill="outline" color="danger" onClick={() => void actions.take('anular', [acta])}>
              {eppActaWorkflow.transitions.anular.label}
            </IonButton>
          )}
        </div>
      </div>
    </PageContent>
  );
}
