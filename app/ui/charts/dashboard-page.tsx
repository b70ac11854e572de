import type { DashboardAnswer, DashboardPoint } from '#sync/schemas/dashboard-filters.schema.ts';
import { IonButton } from '@ionic/react';
import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '#app/data/api-error.ts';
import { useLevelLookups } from '#app/data/reference-queries.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { type IndicatorState, ChartCard } from './chart-card.tsx';
import type { ChartKind } from './chart-options.ts';
import { DashboardFilterBar } from './dashboard-filter-bar.tsx';
import {
  type DashboardFilterValues,
  describeDashboardFilters,
  exportFileName,
  type ExtraDashboardFilter,
  filtersReady,
  initialDashboardFilters,
} from './dashboard-filters.ts';
import { DashboardPdfButton } from './dashboard-pdf.tsx';
import './charts.css';

/** One chart of a dashboard: the indicator's name on the wire, its title on screen and how it is drawn. */
export interface DashboardIndicator {
  name: string;
  title: string;
  kind: ChartKind;
  /** Decimals of its values: one by default, two for a rate. */
  decimals?: number;
}

/** The records a person asked to see: behind a whole chart (`point` null) or one of its values. */
export interface DrillDown {
  indicator: DashboardIndicator;
  point: DashboardPoint | null;
  filters: DashboardFilterValues;
  /** The filters that select them: the dashboard's, with the point's own on top. */
  registros: Record<string, string>;
}

interface DashboardPageProps {
  title: string;
  /** Names the cached answers: the module's dashboard. */
  queryKey: string;
  indicators: DashboardIndicator[];
  /** One indicator's answer for the filters. */
  load: (name: string, filters: DashboardFilterValues, signal: AbortSignal) => Promise<DashboardAnswer>;
  /**
   * The list of the records behind a chart or a value (a server report filtered by `registros`), under the panel's
   * own heading ("Registros de …"): the list does not repeat it.
   */
  records: (selection: DrillDown) => ReactNode;
  /** The dashboard's own filters beside the shared ones (the EPP dashboard's Cargo); they travel in `filters.extra`. */
  extraFilters?: readonly ExtraDashboardFilter[];
}

/**
 * A dashboard (spec "Dashboards"): the shared filters (levels, a date range that opens on the last twelve months, a
 * month), one card per indicator, and under them the records behind whatever chart or value the person opened.
 * Each indicator is its own call, so the cards fill in as their answers arrive. Each chart downloads as a PNG and
 * the whole dashboard as a PDF, both with the filters written on them.
 */
export function DashboardPage({ title, queryKey, indicators, load, records, extraFilters }: DashboardPageProps) {
  const session = useRequiredSession();
  const levels = useLevelLookups();
  const [filters, setFilters] = useState(() => initialDashboardFilters());
  const [selection, setSelection] = useState<DrillDown | null>(null);
  const recordsRef = useRef<HTMLHeadingElement>(null);
  const ready = filtersReady(filters);
  const answers = useQueries({
    queries: indicators.map((indicator) => ({
      queryKey: ['dashboard', queryKey, indicator.name, filters],
      queryFn: ({ signal }: { signal: AbortSignal }) => load(indicator.name, filters, signal),
      enabled: ready,
    })),
  });
  useEffect(() => {
    if (selection) recordsRef.current?.focus();
  }, [selection]);

  const stateOf = (index: number): IndicatorState => {
    const answer = answers[index]!;
    if (answer.data) return { status: 'listo', answer: answer.data };
    if (answer.isError) return { status: 'error', message: errorMessage(answer.error), retry: () => void answer.refetch() };
    return { status: 'cargando' };
  };
  const states = indicators.map((_, index) => stateOf(index));
  const open = (indicator: DashboardIndicator, point: DashboardPoint | null) =>
    setSelection({ indicator, point, filters, registros: { desde: filters.start, hasta: filters.end, ...(point?.registros ?? {}) } });
  const described = describeDashboardFilters(filters, {
    level2: levelName(session, 2),
    level3: levelName(session, 3),
    levelName: (id) => levels?.names.get(id),
    extraFilters,
  });
  const filterLines = [title, ...described.map((filter) => `${filter.label}: ${filter.value}`)];

  return (
    <PageContent>
      <div className="page-body dashboard">
        <div className="dashboard__head">
          <h1 className="page-title">{title}</h1>
          <DashboardPdfButton
            title={title}
            filters={described}
            fileName={exportFileName(title, filters)}
            charts={indicators.map((indicator, index) => ({ indicator, state: states[index]! }))}
            disabled={!ready || states.some((state) => state.status === 'cargando')}
          />
        </div>
        <DashboardFilterBar
          filters={filters}
          extraFilters={extraFilters}
          onChange={(next) => {
            setFilters(next);
            setSelection(null);
          }}
        />
        <div className="dashboard__grid">
          {indicators.map((indicator, index) => (
            <ChartCard
              key={indicator.name}
              title={indicator.title}
              kind={indicator.kind}
              decimals={indicator.decimals}
              state={states[index]!}
              onOpenRecords={(point) => open(indicator, point)}
              exportAs={{ lines: filterLines, fileName: exportFileName(`${queryKey} ${indicator.title}`, filters) }}
            />
          ))}
        </div>
        {selection && (
          <section className="card dashboard__records" aria-labelledby="dashboard-registros">
            <div className="dashboard__records-head">
              <h2 id="dashboard-registros" ref={recordsRef} tabIndex={-1}>
                Registros de {selection.indicator.title}
                {selection.point ? `: ${selection.point.Nombre}` : ''}
              </h2>
              <IonButton fill="outline" color="dark" size="small" onClick={() => setSelection(null)}>
                Cerrar registros
              </IonButton>
            </div>
            {records(selection)}
          </section>
        )}
      </div>
    </PageContent>
  );
}
