import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { FORMULARIO_TYPE_LABELS, FORMULARIO_TYPES, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '#app/routes/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import type { PdfProgress } from '#app/reports/render/checklist-pdf-in-worker.ts';
import { PdfPreview } from './pdf-preview.tsx';
import { type ChecklistPdfState, useChecklistPdf } from './use-checklist-pdf.ts';
import '#app/ui/records.css';
import './pdf.css';

const isChecklistType = (tipo: string): tipo is FormularioTipo => (FORMULARIO_TYPES as readonly string[]).includes(tipo);

/** Print page of the checklist report (spec 2.4): /pdf/{tipo}/{empresa}/{id}, tipo inspeccion or observacion. */
export function ChecklistPdfPage() {
  const { tipo = '', empresa = '', id = '' } = useParams();
  const session = useRequiredSession();
  const label = isChecklistType(tipo) ? FORMULARIO_TYPE_LABELS[tipo].toLowerCase() : 'checklist';
  return (
    <PageContent>
      <div className="page-body pdf-page">
        <p className="breadcrumb">
          <Link to={paths.inspecciones.detalles.href(id)}>Volver a la {label}</Link>
        </p>
        <h1 className="page-title">Informe de {label}</h1>
        {!isChecklistType(tipo) ? (
          <p className="notice notice--warning">Este tipo de informe no existe.</p>
        ) : empresa !== session.empresa.IdEmpresa ? (
          <p className="notice notice--error">{AUTH_MESSAGES.forbiddenCompany}</p>
        ) : (
          <ChecklistPdf tipo={tipo} empresa={empresa} id={id} />
        )}
      </div>
    </PageContent>
  );
}

function ChecklistPdf({ tipo, empresa, id }: { tipo: FormularioTipo; empresa: string; id: string }) {
  const session = useRequiredSession();
  const { state, retry } = useChecklistPdf(session, tipo, empresa, id);
  const online = useOnlineStatus();
  const waitingForNetwork = state.status === 'sin-datos';
  useEffect(() => {
    if (online && waitingForNetwork) retry();
  }, [online, waitingForNetwork, retry]);

  switch (state.status) {
    case 'cargando':
      return <Working label="Cargando datos del informe…" />;
    case 'generando':
      return <Working label="Generando PDF…" detail={progressText(state.progress)} />;
    case 'sin-datos':
      return (
        <div className="notice notice--warning" role="alert">
          <p>Este informe no está guardado en este dispositivo. Conéctate a internet para generarlo.</p>
          <IonButton fill="outline" color="dark" onClick={retry}>
            Reintentar
          </IonButton>
        </div>
      );
    case 'no-existe':
      return (
        <div className="notice notice--warning" role="alert">
          <p>{INSPECCIONES_MESSAGES.notFound}: no está en este dispositivo ni en el servidor.</p>
          <p>
            <Link to={paths.inspecciones.list.href}>Volver a la lista de inspecciones</Link>
          </p>
        </div>
      );
    case 'error':
      return <ErrorState message={state.detail ? `No fue posible generar el informe: ${state.detail}` : 'No fue posible generar el informe'} onRetry={retry} />;
    case 'listo':
      return <ReadyPdf state={state} />;
  }
}

function Working({ label, detail }: { label: string; detail?: string }) {
  return (
    <div className="page-loading" role="status">
      <IonSpinner name="crescent" aria-hidden="true" />
      <span>{label}</span>
      {detail ? <span className="muted">{detail}</span> : null}
    </div>
  );
}

function progressText(progress: PdfProgress | null): string | undefined {
  if (!progress) return undefined;
  if (progress.stage === 'diagramando') return 'Armando las páginas';
  return progress.total ? `Preparando imágenes: ${progress.done ?? 0} de ${progress.total}` : 'Preparando imágenes';
}

function fileNameOf(title: string): string {
  return `Informe ${title}`.replace(/[\\/:*?"<>|]+/g, '-').slice(0, 120) + '.pdf';
}

function ReadyPdf({ state }: { state: Extract<ChecklistPdfState, { status: 'listo' }> }) {
  return (
    <>
      {state.missingFiles > 0 ? (
        <p className="notice notice--info">
          {state.missingFiles === 1 ? 'Una foto o firma no está' : `${state.missingFiles} fotos o firmas no están`} en este dispositivo: el informe las
          muestra como «no disponible». Con conexión se genera completo.
        </p>
      ) : null}
      <div className="button-row pdf-page__actions">
        <IonButton href={state.url} download={fileNameOf(state.title)}>
          Descargar PDF
        </IonButton>
        <IonButton fill="outline" color="dark" href={state.url} target="_blank" rel="noopener">
          Abrir en otra pestaña
        </IonButton>
        <span className="muted">{state.pages === 1 ? '1 página' : `${state.pages} páginas`}</span>
      </div>
      <PdfPreview url={state.url} />
    </>
  );
}
