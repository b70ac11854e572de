import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { ReportKind } from '#app/reports/report-kinds.ts';
import type { PdfProgress } from '#app/reports/render/report-pdf-in-worker.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { PdfDocumentView } from './pdf-preview.tsx';
import type { ReportSource } from './report-source.ts';
import { type ReportPdfState, useReportPdf } from './use-report-pdf.ts';
import '#app/ui/records.css';
import './pdf.css';

/**
 * A print page (spec 2.4): loads the report's data for a company and a record, shows progress until the PDF is
 * drawn, then the pages themselves (no PDF viewer needed), download and open-in-a-new-tab. `source` is null for a
 * `tipo` the product has no report of.
 */
export function ReportPdfPage({ source, empresa, id }: { source: ReportSource | null; empresa: string; id: string }) {
  const session = useRequiredSession();
  return (
    <PageContent>
      <div className="page-body pdf-page">
        {source ? (
          <p className="breadcrumb">
            <Link to={source.back.href(id)}>{source.back.label}</Link>
          </p>
        ) : null}
        <h1 className="page-title">{source?.title ?? 'Informe'}</h1>
        {!source ? (
          <p className="notice notice--warning">Este tipo de informe no existe.</p>
        ) : empresa !== session.empresa.IdEmpresa ? (
          <p className="notice notice--error">{AUTH_MESSAGES.forbiddenCompany}</p>
        ) : (
          <ReportPdf source={source} empresa={empresa} id={id} />
        )}
      </div>
    </PageContent>
  );
}

function ReportPdf<K extends ReportKind>({ source, empresa, id }: { source: ReportSource<K>; empresa: string; id: string }) {
  const session = useRequiredSession();
  const { state, retry } = useReportPdf(source, session, empresa, id);
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
          <p>{source.notFound}: no está en este dispositivo ni en el servidor.</p>
          <p>
            <Link to={source.list.href}>{source.list.label}</Link>
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

function downloadName(name: string): string {
  return name.replace(/[\\/:*?"<>|]+/g, '-').slice(0, 120) + '.pdf';
}

function ReadyPdf({ state }: { state: Extract<ReportPdfState, { status: 'listo' }> }) {
  return (
    <>
      {state.missingFiles > 0 ? (
        <p className="notice notice--info">
          {state.missingFiles === 1 ? 'Una foto o firma no está' : `${state.missingFiles} fotos o firmas no están`} en este dispositivo: el informe las
          muestra como «no disponible». Con conexión se genera completo.
        </p>
      ) : null}
      <PdfDocumentView url={state.url} fileName={downloadName(state.fileName)} pages={state.pages} />
    </>
  );
}
