import type { DashboardAnswer, DashboardPoint } from '#sync/schemas/dashboard-filters.schema.ts';
import { IonButton } from '@ionic/react';
import { lazy, Suspense, useId, useMemo } from 'react';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import { type ChartKind, chartOption, chartSummary, valueText } from './chart-options.ts';

// echarts arrives with the first chart a dashboard draws, never with the app's first screen.
const EChartView = lazy(() => import('./echart-view.tsx'));

export type IndicatorState = { status: 'cargando' } | { status: 'error'; message: string; retry: () => void } | { status: 'listo'; answer: DashboardAnswer };

interface ChartCardProps {
  title: string;
  kind: ChartKind;
  /** Decimals of the values (one by default; a rate, two). */
  decimals?: number;
  state: IndicatorState;
  /** Opens the records behind the chart (`point` null: all of them) or behind one of its values. */
  onOpenRecords: (point: DashboardPoint | null) => void;
}

/**
 * One indicator of a dashboard: its headline figure, its chart (a tap on a bar or slice opens the records behind
 * it), how the figure is computed and what it could not count, and the same values as a table with a link to each
 * value's records, for keyboards and screen readers.
 */
export function ChartCard({ title, kind, decimals, state, onOpenRecords }: ChartCardProps) {
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
        <ChartBody kind={kind} decimals={decimals} answer={state.answer} title={title} onOpenRecords={onOpenRecords} />
      )}
    </section>
  );
}

function ChartBody({ kind, decimals, answer, title, onOpenRecords }: { kind: ChartKind; decimals?: number; answer: DashboardAnswer; title: string; onOpenRecords: ChartCardProps['onOpenRecords'] }) {
  const open = (index: number) => {
    const point = answer.data[index];
    if (point?.registros) onOpenRecords(point);
  };
  const height = kind === 'barras-horizontales' ? Math.max(180, answer.data.length * 34 + 40) : 240;
  // The same option while the answer is the same: a new one (its formatters are new functions) is set on the chart
  // with notMerge, and the bar under the pointer, gone with its series, then throws on the next mouseout.
  const option = useMemo(() => chartOption(kind, answer, decimals), [kind, answer, decimals]);
  return (
    <>
      {answer.data.length === 0 ? (
        <p className="muted chart-card__empty">Sin datos en el período.</p>
      ) : (
        <div className="chart-card__chart" role="img" aria-label={`${title}: ${chartSummary(answer, decimals)}`}>
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
                  <td>{valueText(point.Valor, answer.unidad, decimals)}</td>
                  {answer.series && <td>{point.Valor2 === undefined ? '—' : valueText(point.Valor2, answer.unidad, decimals)}</td>}
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
