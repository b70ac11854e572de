import { accreditedOn, expiryWarning } from '#sync/domain/accreditation.ts';
import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { Acreditacion, AcreditacionActivo } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import { type DocumentoRequisito, MOTIVOS_RECHAZO, type MotivoRechazo } from '#sync/schemas/contratistas-documentos.schema.ts';
import { documentoRequisitoWorkflow, documentState } from '#sync/schemas/contratistas-documentos.workflow.ts';
import { IonButton } from '@ionic/react';
import { paths } from '#app/navigation/paths.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { WorkflowListPage } from '#app/ui/workflow/workflow-list-page.tsx';
import type { WorkflowCardView } from '#app/ui/workflow/workflow-card.tsx';
import { DocumentoArchivoLinks, documentAbout, documentLabel } from './documento-archivo.tsx';
import { DocumentoDialog } from './documento-dialog.tsx';

/** Cards awaiting the office's decision open their files; elsewhere a transition's dialog does (one request, not one per card). */
const awaitsReview = (doc: DocumentoRequisito) => ['subido', 'en_revision'].includes(documentState(doc));

/** A document's dates, its warning, the reason it was rejected and the renewal under way. */
function DocumentFacts({ doc, today }: { doc: DocumentoRequisito; today: string }) {
  const warning = expiryWarning(doc, today);
  const lastComment = [...doc.Historial].reverse().find((step) => step.Comentario);
  return (
    <div className="muted">
      {doc.FechaEmision && <p>Emitido el {formatDisplayDate(doc.FechaEmision)}{doc.FechaVencimiento && ` · vence el ${formatDisplayDate(doc.FechaVencimiento)}`}</p>}
      {doc.EstadoDocumento === 'aprobado' && doc.FechaVencimiento && today > doc.FechaVencimiento && <p className="notice notice--error">Vencido</p>}
      {warning && <p className="notice notice--warning">Vence en {warning} días o menos</p>}
      {doc.EstadoDocumento === 'rechazado' && doc.Motivo && <p>Motivo del rechazo: {MOTIVOS_RECHAZO[doc.Motivo as MotivoRechazo]}</p>}
      {doc.Renovacion && <p>Renovación {doc.Renovacion.Estado === 'rechazado' ? 'rechazada' : 'en curso'}, emitida el {formatDisplayDate(doc.Renovacion.FechaEmision)}</p>}
      {lastComment && <p>Último comentario ({lastComment.Nombre}): {lastComment.Comentario}</p>}
    </div>
  );
}

/** A worker's, vehicle's or machine's accreditation row, with how its card is titled. */
type AccreditationCard = Pick<Acreditacion, 'IdAcreditacion' | 'IdContrato' | 'IdNivel2' | 'Acreditado' | 'AcreditadoHasta' | 'Motivos'> & {
  title: string;
};

const workerCard = (row: Acreditacion): AccreditationCard => ({ ...row, title: `${row.NombrePersona} (${formatRut(row.RunPersona)})` });
const assetCard = (row: AcreditacionActivo): AccreditationCard => ({
  ...row,
  title: `${row.ClaseActivo === 'vehiculo' ? 'Vehículo' : 'Equipo'} ${row.NombreActivo}`,
});

interface AccreditationsProps {
  rows: AccreditationCard[];
  label: string;
  names: ReadonlyMap<string, string>;
  today: string;
}

/**
 * Who and what may enter: each worker, vehicle or machine of each contract at each worksite, accredited until a day or
 * not, with the reasons.
 */
function Accreditations({ rows, label, names, today }: AccreditationsProps) {
  return (
    <ul className="card-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.IdAcreditacion} className="card">
          <h3>{row.title}</h3>
          <p className="muted">
            {[names.get(row.IdContrato), names.get(row.IdNivel2)].filter(Boolean).join(' · ')}
          </p>
          {accreditedOn(row, today) ? (
            <p className="badge workflow-badge--done">Acreditado{row.AcreditadoHasta && ` hasta el ${formatDisplayDate(row.AcreditadoHasta)}`}</p>
          ) : (
            <>
              <p className="badge">No acreditado</p>
              <ul>
                {(row.Acreditado === 1 ? [`Acreditación vencida el ${formatDisplayDate(row.AcreditadoHasta)}`] : row.Motivos).map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * `/seguimiento-requisitos`: the documents each requirement asks, by state, with the transitions the role may take
 * (a contractor uploads and comments; the office reviews, approves and rejects), and the accreditation they give.
 */
export function SeguimientoRequisitosPage() {
  const today = toWireDate(new Date());
  const data = useDbQuery(async (db) => {
    const [docs, workers, assets, contracts, levels] = await Promise.all([
      db.table('documentos_requisito').toArray() as Promise<DocumentoRequisito[]>,
      db.table('acreditaciones').toArray() as Promise<Acreditacion[]>,
      db.table('acreditaciones_activo').toArray() as Promise<AcreditacionActivo[]>,
      db.table('contratos').toArray() as Promise<{ IdContrato: string; Nombre: string }[]>,
      db.niveles.toArray(),
    ]);
    docs.sort(
      (a, b) =>
        a.NombreRequisito.localeCompare(b.NombreRequisito, 'es') || documentAbout(a).localeCompare(documentAbout(b), 'es') || b.Mes.localeCompare(a.Mes),
    );
    const byTitle = (a: AccreditationCard, b: AccreditationCard) => a.title.localeCompare(b.title, 'es');
    const accreditations = { workers: workers.map(workerCard).sort(byTitle), assets: assets.map(assetCard).sort(byTitle) };
    const names = new Map([
      ...contracts.map((row) => [row.IdContrato, row.Nombre] as const),
      ...levels.map((row) => [row.IdNivel, row.Nombre] as const),
    ]);
    return { docs, accreditations, names };
  }, []);
  const view: WorkflowCardView<DocumentoRequisito> = {
    title: (doc) => doc.NombreRequisito,
    choiceName: documentLabel,
    subtitle: documentAbout,
    body: (doc) => (
      <>
        <DocumentFacts doc={doc} today={today} />
        {awaitsReview(doc) && <DocumentoArchivoLinks doc={doc} />}
      </>
    ),
  };
  return (
    <WorkflowListPage
      workflow={documentoRequisitoWorkflow}
      title="Seguimiento de Requisitos"
      plural="documentos"
      rows={data?.docs}
      view={view}
      doneStates={['aprobado']}
      create={
        <IonButton fill="outline" color="dark" routerLink={paths.informeDocumentos.href}>
          Por vencer y rechazados
        </IonButton>
      }
      form={(form) => <DocumentoDialog form={form} />}
      after={
        <section aria-labelledby="acreditacion-titulo">
          <h2 id="acreditacion-titulo">Acreditación de trabajadores</h2>
          {data &&
            (data.accreditations.workers.length === 0 ? (
              <p className="empty-state">Aún no hay trabajadores asignados a contratos.</p>
            ) : (
              <Accreditations rows={data.accreditations.workers} label="Acreditación de trabajadores" names={data.names} today={today} />
            ))}
          {data && data.accreditations.assets.length > 0 && (
            <>
              <h2 id="acreditacion-activos-titulo">Acreditación de vehículos y equipos</h2>
              <Accreditations rows={data.accreditations.assets} label="Acreditación de vehículos y equipos" names={data.names} today={today} />
            </>
          )}
        </section>
      }
    />
  );
}
