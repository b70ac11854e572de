import type { DashboardAnswer, DashboardPoint } from '#sync/schemas/dashboard-filters.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { imageOutline } from 'ionicons/icons';
import { lazy, Suspense, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { downloadFile } from '#app/ui/records/record-csv.ts';
import { type ChartKind, chartHeight, chartOption, chartSummary, DEFAULT_CHART_WIDTH, pointUnit } from './chart-options.ts';
import { valueText } from './chart-units.ts';

// echarts arrives with the first chart a dashboard draws, never with the app's first screen.
const EChartView = lazy(() => import('./echart-view.tsx'));

export type IndicatorState = { status: 'cargando' } | { status: 'error'; message: string; retry: () => void } | { status: 'listo'; answer: DashboardAnswer };

/** What an exported image says besides the chart: the dashboard and its filters, and the file's name. */
export interface ChartExport {
  /** The dashboard's name, then each filter ("Período: del 01/12/2025 al 21/11/2026"), one line each. */
  lines: string[];
  /** The file's name without ".png". */
  fileName: string;
}

interface ChartCardProps {
  title: string;
  kind: ChartKind;
  /** Decimals of the values (one by default; a rate, two). */
  decimals?: number;
  state: IndicatorState;
  /** Opens the records behind the chart (`point` null: all of them) or behind one of its values. */
  onOpenRecords: (point: DashboardPoint | null) => void;
  exportAs: ChartExport;
}

/**
 * One indicator of a dashboard: its headline figure, its chart (a tap on a bar or slice opens the records behind
 * it), how the figure is computed and what it could not count, and the same values as a table with a link to each
 * value's records, for keyboards and screen readers. The chart downloads as a PNG with its title and filters.
 */
export function ChartCard({ title, kind, decimals, state, onOpenRecords, exportAs }: ChartCardProps) {
  const id = useId();
  return (
    <section className="card chart-card" aria-labelledby={`${id}-title`}>
      <div className="chart-card__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {state.status === 'listo' && state.answer.total !== null && <p className="chart-card__total">{valueText(state.answer.total, state.answer.unidad, decimals)}</p>}
      </div>
      {state.status === 'cargando' ? (
        <PageLoading label="Calculando…" />
      ) : state.status === 'error' ? (
        <ErrorState message={state.message} onRetry={state.retry} />
      ) : (
        <ChartBody kind={kind} decimals={decimals} answer={state.answer} title={title} onOpenRecords={onOpenRecords} exportAs={exportAs} />
      )}
    </section>
  );
}

/** The chart box's width, in steps of 20 px: the labels are laid out for it, and a step redraws them. */
function useBoxWidth(drawn: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_CHART_WIDTH);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const measured = Math.round(box.getBoundingClientRect().width / 20) * 20;
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [drawn]);
  return { ref, width };
}

interface ChartBodyProps {
  kind: ChartKind;
  decimals?: number;
  answer: DashboardAnswer;
  title: string;
  onOpenRecords: ChartCardProps['onOpenRecords'];
  exportAs: ChartExport;
}

/**
 * The chart as a PNG, drawn again off screen (at least 640 px wide) with its title, total, the dashboard's filters
 * and its formula written on it: echarts' canvas renderer comes with chart-image.ts, loaded on the first export.
 */
function useChartPng({ kind, decimals, answer, title, exportAs }: Omit<ChartBodyProps, 'onOpenRecords'>, width: number) {
  const notify = useNotice();
  const [exporting, setExporting] = useState(false);
  const exportPng = async () => {
    setExporting(true);
    try {
      const { chartPng } = await import('./chart-image.ts');
      const exportWidth = Math.max(width, 640);
      const picture = { option: chartOption(kind, answer, decimals, exportWidth), width: exportWidth, height: chartHeight(kind, answer) };
      const total = answer.total === null ? [] : [`Total: ${valueText(answer.total, answer.unidad, decimals)}`];
      const png = await chartPng(picture, { title, lines: [...total, ...exportAs.lines], footer: answer.formula ? `Fórmula: ${answer.formula}` : undefined });
      downloadFile(`${exportAs.fileName}.png`, png);
    } catch (error) {
      console.error('Imagen del gráfico', error);
      notify({ message: 'No fue posible crear la imagen del gráfico', tone: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportPng };
}

function ChartBody(props: ChartBodyProps) {
  const { kind, decimals, answer, title, onOpenRecords } = props;
  const { ref, width } = useBoxWidth(answer.data.length > 0);
  const { exporting, exportPng } = useChartPng(props, width);
  const open = (index: number) => {
    const point = answer.data[index];
    if (point?.registros) onOpenRecords(point);
  };
  const height = chartHeight(kind, answer);
  const unit = pointUnit(answer);
  // The same option while the answer and the width are the same: a new one (its formatters are new functions) is set
  // on the chart with notMerge, and the bar under the pointer, gone with its series, then throws on the next mouseout.
  const option = useMemo(() => chartOption(kind, answer, decimals, width), [kind, answer, decimals, width]);

  return (
    <>
      {answer.data.length === 0 ? (
        <p className="muted chart-card__empty">Sin datos en el período.</p>
      ) : (
        <div ref={ref} className="chart-card__chart" role="img" aria-label={`${title}: ${chartSummary(answer, decimals)}`}>
          <Suspense fallback={<PageLoading label="Cargando gráfico…" />}>
            <EChartView option={option} height={height} onPick={open} />
          </Suspense>
        </div>
      )}
      {answer.formula && <p className="chart-card__formula">Fórmula: {answer.formula}</p>}
      {answer.avisos && answer.avisos.length > 0 && (
        <div className="notice notice--warning chart-card__avisos" role="note" aria-label={`Avisos de ${title}`}>
          <ul>
            {answer.avisos.map((aviso) => (
              <li key={aviso}>{aviso}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="button-row chart-card__actions">
        <IonButton fill="outline" color="dark" size="small" onClick={() => onOpenRecords(null)}>
          Ver registros
        </IonButton>
        {answer.data.length > 0 && (
          <IonButton fill="clear" color="dark" size="small" disabled={exporting} onClick={() => void exportPng()}>
            <IonIcon slot="start" icon={imageOutline} aria-hidden="true" />
            {exporting ? 'Creando imagen…' : 'Descargar imagen'}
          </IonButton>
        )}
      </div>
      {answer.data.length > 0 && (
        <details className="chart-card__data">
          <summary>Ver datos</summary>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Valor de</th>
                <th scope="col">{answer.series?.[0] ?? 'Valor'}</th>
                {answer.series && <th scope="col">{answer.series[1]}</th>}
                <th scope="col">Registros</th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((point, index) => (
                <tr key={`${index}-${point.Nombre}`}>
                  <th scope="row">{point.Nombre}</th>
                  <td>{valueText(point.Valor, unit, decimals)}</td>
                  {answer.series && <td>{point.Valor2 === undefined ? '—' : valueText(point.Valor2, unit, decimals)}</td>}
                  <td>
                    {point.registros && (
                      <button type="button" className="link-button" onClick={() => open(index)}>
                        Ver registros de {point.Nombre}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </>
  );
}
