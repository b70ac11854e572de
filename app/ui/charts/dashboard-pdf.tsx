import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { documentOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { DashboardReportChart, DashboardReportData } from '#app/reports/dashboard-report-data.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { downloadFile } from '#app/ui/records/record-csv.ts';
import type { IndicatorState } from './chart-card.tsx';
import { chartHeight, chartOption, chartSummary } from './chart-options.ts';
import { valueText } from './chart-units.ts';
import type { DashboardIndicator } from './dashboard-page.tsx';

/** The width the charts of a PDF are laid out for: about an A4 page's text width at screen size. */
const PDF_CHART_WIDTH = 720;

interface DashboardPdfProps {
  title: string;
  filters: { label: string; value: string }[];
  /** Without ".pdf". */
  fileName: string;
  charts: { indicator: DashboardIndicator; state: IndicatorState }[];
  disabled: boolean;
}

/** Each chart as the PDF shows it: drawn again off screen as a PNG (chart-image.ts, loaded with echarts). */
async function reportCharts(charts: DashboardPdfProps['charts']): Promise<DashboardReportChart[]> {
  const { chartDataUrl } = await import('./chart-image.ts');
  return charts.map(({ indicator, state }) => {
    const answer = state.status === 'listo' ? state.answer : null;
    const drawn = answer !== null && answer.data.length > 0;
    const height = answer ? chartHeight(indicator.kind, answer) : 0;
    const picture = drawn
      ? chartDataUrl({ option: chartOption(indicator.kind, answer, indicator.decimals, PDF_CHART_WIDTH), width: PDF_CHART_WIDTH, height })
      : null;
    return {
      Titulo: indicator.title,
      Total: answer?.total !== null && answer?.total !== undefined ? valueText(answer.total, answer.unidad, indicator.decimals) : null,
      Imagen: picture ? { Sha256: '', Tipo: 'image/png', Url: picture } : null,
      Proporcion: height / PDF_CHART_WIDTH,
      SinImagen:
        state.status === 'error' ? `No fue posible calcular este indicador: ${state.message}` : drawn ? null : 'Sin datos en el período.',
      Valores: answer ? chartSummary(answer, indicator.decimals) : '',
      Formula: answer?.formula ?? null,
      Avisos: answer?.avisos ?? [],
    };
  });
}

function company(session: Session): DashboardReportData['Empresa'] {
  const { NombreEmpresa, RutEmpresa, Logo } = session.empresa;
  return { Nombre: NombreEmpresa, Rut: RutEmpresa, Logo: Logo ? { Sha256: '', Tipo: 'image/png', Url: Logo } : null };
}

/**
 * "Exportar PDF": the dashboard as the committee's monthly report, made on the device like every other report (in
 * the PDF worker, which the service worker keeps for offline use), with its filters and each chart with its formula.
 */
export function DashboardPdfButton({ title, filters, fileName, charts, disabled }: DashboardPdfProps) {
  const session = useRequiredSession();
  const notify = useNotice();
  const [making, setMaking] = useState(false);

  const make = async () => {
    setMaking(true);
    try {
      const data: DashboardReportData = {
        Empresa: company(session),
        Titulo: title,
        Filtros: filters.map((filter) => ({ Etiqueta: filter.label, Valor: filter.value })),
        Generado: formatDisplayDateTime(new Date()),
        Graficos: await reportCharts(charts),
      };
      // Loaded only here: @react-pdf (hundreds of KB) never weighs on the dashboard.
      const { renderReportPdfInWorker } = await import('#app/reports/render/report-pdf-in-worker.ts');
      const rendered = await renderReportPdfInWorker('dashboard', data);
      downloadFile(`${fileName}.pdf`, rendered.blob);
      notify({ message: 'PDF del dashboard descargado', tone: 'success' });
    } catch (error) {
      console.error('PDF del dashboard', error);
      notify({ message: 'No fue posible crear el PDF del dashboard', tone: 'error' });
    } finally {
      setMaking(false);
    }
  };

  return (
    <IonButton fill="outline" color="dark" size="small" disabled={disabled || making} onClick={() => void make()}>
      <IonIcon slot="start" icon={documentOutline} aria-hidden="true" />
      {making ? 'Creando PDF…' : 'Exportar PDF'}
    </IonButton>
  );
}
