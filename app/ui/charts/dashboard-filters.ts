import { defaultDashboardRange } from '#sync/schemas/dashboard-filters.schema.ts';

/** What a dashboard page filters by (spec: nv2, nv3, a date range, a month), as the person set them. */
export interface DashboardFilterValues {
  nv2: string;
  nv3: string;
  /** YYYY-MM-DD; the range defaults to the first day of this month through today. */
  start: string;
  end: string;
  /** YYYY-MM. */
  month: string;
  /** A dashboard's own filters (the EPP dashboard's Cargo), by their name on the wire; '' is not filtered. */
  extra?: Record<string, string>;
}

/** A dashboard's own select filter beside the shared ones (spec: the EPP dashboard's Cargo). */
export interface ExtraDashboardFilter {
  /** Its name on the wire (IdCargo). */
  name: string;
  label: string;
  emptyLabel: string;
  options: readonly { value: string; label: string }[];
}

export function initialDashboardFilters(now = new Date()): DashboardFilterValues {
  return { nv2: '', nv3: '', ...defaultDashboardRange(now) };
}

export const RANGE_MESSAGE = 'Fecha inicial no puede ser mayor que Fecha final';

/** The filters can be asked: a complete, ordered range and a month. */
export function filtersReady(filters: DashboardFilterValues): boolean {
  return filters.start !== '' && filters.end !== '' && filters.start <= filters.end && /^\d{4}-\d{2}$/.test(filters.month);
}

/** The query string every dashboard call takes (the server fills what is empty with its defaults). */
export function dashboardQueryString(filters: DashboardFilterValues): string {
  const query = new URLSearchParams();
  const { extra = {}, ...shared } = filters;
  for (const [name, value] of Object.entries({ ...shared, ...extra })) if (value) query.set(name, value);
  return query.toString();
}
