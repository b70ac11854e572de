import type { ReportColumn } from './report-list-columns.ts';

/**
 * A dashboard described once (issue 32): its indicators, each with its route segment, its card, its formula and
 * how the records behind its points are asked for. The server registers one route per indicator from the list
 * (server/records/indicators/), the app draws one card per indicator from the same list (app/ui/charts/), so a
 * chart, its call and its description cannot part ways.
 */

/** How a dashboard draws an indicator: bars (one or two series), horizontal bars (long names), lines, or a pie. */
export type ChartKind = 'barras' | 'barras-horizontales' | 'lineas' | 'torta';

export interface IndicatorDef<Name extends string = string> {
  /** Its name on the wire: GET /api/<base>/dashboard/<name>/{company}. */
  name: Name;
  /** Its card's title. */
  title: string;
  /** What its call answers, in the API description. */
  summary: string;
  kind: ChartKind;
  /** Decimals of its values: one by default, two for a rate. */
  decimals?: number;
  /** How the figure is counted, in words (the answer's `formula`; a module may add the cut-off day to it). */
  formula?: string;
  /** Query names it takes beyond the dashboard's filters, listed after them in its description (`Tipo`). */
  filters?: readonly string[];
  /**
   * The monthly summary rows its whole months are read from (server/records/indicators/monthly-summary.ts), named as
   * in the table: for a figure whose raw rows grow past what answers in 300 ms. Absent, it counts the raw rows.
   */
  monthlySummary?: string;
  /** The records behind its points: the list's title and the name of its date column. */
  records?: { title: string; dateHeader?: string };
}

export interface DashboardDef<Name extends string = string> {
  /** The module's API base: /api/<base>/dashboard/... */
  base: string;
  title: string;
  /** The permission route (spec part 1, 2.3) every call of the dashboard asks `index` of. */
  permission: string;
  /** The tag of its calls in the API description. */
  tag: string;
  /** What every indicator's query takes, said after each summary. */
  filtersNote: string;
  /** In the order a prevention expert reads them: the screen's order. */
  indicators: readonly IndicatorDef<Name>[];
}

export function defineDashboard<const Name extends string>(dashboard: DashboardDef<Name>): DashboardDef<Name> {
  return dashboard;
}

/** The indicators' names, for a query's picklist. */
export const indicatorNames = <Name extends string>(dashboard: DashboardDef<Name>): Name[] =>
  dashboard.indicators.map((indicator) => indicator.name);

export function indicatorOf<Name extends string>(dashboard: DashboardDef<Name>, name: Name): IndicatorDef<Name> {
  return dashboard.indicators.find((indicator) => indicator.name === name)!;
}

/** A worker's columns in the records behind a figure: their positions, then their levels under the company's names for them. */
export function workerRecordColumns<Row extends { Cargos: string; Nivel2: string; Nivel3: string }>(): ReportColumn<Row>[] {
  return [
    { header: 'Cargo', value: (row) => row.Cargos, wrap: true },
    { header: { level: 2 }, value: (row) => row.Nivel2, wrap: true },
    { header: { level: 3 }, value: (row) => row.Nivel3, wrap: true },
  ];
}
