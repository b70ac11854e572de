import { formatRut } from '#sync/domain/rut.ts';
import type { InformeSat, InformeSatReportData } from '#sync/schemas/epp-consultas.schema.ts';
import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PdfDocumentView } from '#app/ui/reports/pdf-preview.tsx';
import '#app/ui/reports/pdf.css';

type PdfState = { status: 'inicio' } | { status: 'generando' } | { status: 'listo'; url: string; pages: number } | { status: 'error' };

/** The printable informe SAT: drawn in the PDF worker by the report pipeline, then shown, downloaded or opened. */
export function InformeSatPdf({ data }: { data: InformeSat }) {
  const session = useRequiredSession();
  const [state, setState] = useState<PdfState>({ status: 'inicio' });
  useEffect(() => setState({ status: 'inicio' }), [data]);
  useEffect(() => () => (state.status === 'listo' ? URL.revokeObjectURL(state.url) : undefined), [state]);
  const generate = async () => {
    setState({ status: 'generando' });
    try {
      const logo = session.empresa.Logo;
      const report: InformeSatReportData = { ...data, Empresa: { ...data.Empresa, Logo: logo ? { Sha256: '', Tipo: 'image/png', Url: logo } : null } };
      // Loaded only here: @react-pdf never weighs on the page until a report is asked for.
      const { renderReportPdfInWorker } = await import('#app/reports/render/report-pdf-in-worker.ts');
      const rendered = await renderReportPdfInWorker('eppInformeSat', report);
      setState({ status: 'listo', url: URL.createObjectURL(rendered.blob), pages: rendered.pages });
    } catch (error) {
      console.error('Informe SAT', error);
      setState({ status: 'error' });
    }
  };
  const fileName = `informe-sat-${formatRut(data.Trabajador.RunPersona)}-${data.Fecha}.pdf`;
  return (
    <section className="pdf-page" aria-label="Informe SAT para imprimir">
      {state.status === 'listo' ? (
        <PdfDocumentView url={state.url} fileName={fileName} pages={state.pages} />
      ) : (
        <div className="button-row">
          <IonButton onClick={() => void generate()} disabled={state.status === 'generando'}>
            {state.status === 'generando' ? <IonSpinner name="crescent" aria-hidden="true" /> : null}
            {state.status === 'generando' ? 'Generando PDF…' : 'Generar PDF para imprimir'}
          </IonButton>
          {state.status === 'error' && (
            <p className="notice notice--error" role="alert">
              No fue posible generar el informe. Inténtalo de nuevo.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
