import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { MOTIVOS_ENTREGA, verificationUrl } from '#sync/domain/epp-delivery.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { VALIDITY_LABELS, validityState } from '#sync/domain/validity.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import { eppActaWorkflow } from '#sync/schemas/epp-entregas.workflow.ts';
import { IonButton } from '@ionic/react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useRecordFileUrls } from '#app/data/record-file-urls.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
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
import { useWorkflowActions } from '#app/ui/workflow/use-workflow-actions.ts';
import { verificationBase } from './epp-acta-report-source.ts';
import '#app/ui/records.css';
import './epp-acta.css';

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
          <dl className="record-fields">
            <dt>Trabajador</dt>
            <dd>{acta.NombreTrabajador}</dd>
            <dt>RUT</dt>
            <dd>{formatRut(acta.RunPersona)}</dd>
            <dt>Fecha de entrega</dt>
            <dd>{formatDisplayDate(acta.Fecha)}</dd>
            <dt>Motivo</dt>
            <dd>{MOTIVOS_ENTREGA[acta.Motivo]}</dd>
            <dt>Entregado por</dt>
            <dd>
              {acta.Entregador.Nombre} ({formatRut(acta.Entregador.Rut)})
            </dd>
            <dt>Firmada</dt>
            <dd>{formatDisplayDateTime(new Date(acta.FirmadoEn))}</dd>
            <dt>Recibida por el servidor</dt>
            <dd>{acta.RecibidoEn ? formatDisplayDateTime(new Date(acta.RecibidoEn)) : 'Aún no: se envía al haber conexión'}</dd>
            {acta.Corrige && (
              <>
                <dt>Corrige el acta</dt>
                <dd>
                  <Link to={paths.eppEntregados.detalles.href(acta.Corrige)}>Ver el acta corregida</Link>
                </dd>
              </>
            )}
            {(corrections ?? []).map((correction) => (
              <FragmentCorrection key={correction.IdEntregadosEpp} correction={correction} />
            ))}
          </dl>
        </CardSection>
        <CardSection id="epp-acta-items" title="Elementos entregados">
          <table className="record-table">
            <thead>
              <tr>
                <th scope="col">EPP</th>
                <th scope="col">Talla</th>
                <th scope="col">Cantidad</th>
                <th scope="col">Vence</th>
              </tr>
            </thead>
            <tbody>
              {acta.Items.map((item) => (
                <tr key={item.IdLinea}>
                  <td>{item.NombreEpp}</td>
                  <td>{item.Talla || 'Única'}</td>
                  <td>{item.Cantidad}</td>
                  <td>{item.VenceEl ? `${formatDisplayDate(item.VenceEl)} (${VALIDITY_LABELS[validityState(item.VenceEl, today)]})` : 'No vence'}</td>
                </tr>
              ))}
            </tbody>
          </table>
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

function FragmentCorrection({ correction }: { correction: EppEntrega }) {
  return (
    <>
      <dt>Corregida por</dt>
      <dd>
        <Link to={paths.eppEntregados.detalles.href(correction.IdEntregadosEpp)}>Acta del {formatDisplayDate(correction.Fecha)}</Link>
      </dd>
    </>
  );
}
