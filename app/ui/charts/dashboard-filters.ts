import { addMonths, formatDisplayDate, monthLongName, toWireDate } from '#sync/domain/dates.ts';

/** What a dashboard page filters by (spec: nv2, nv3, a date range, a month), as the person set them. */
export interface DashboardFilterValues {
  nv2: string;
  nv3: string;
  /** YYYY-MM-DD; the page opens on the last twelve months (initialDashboardFilters). */
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

/**
 * What a dashboard shows when it opens: the last twelve months, this one included (from the first day of the month
 * eleven months ago through today), so that every trend has its year of points; the month views on this month.
 * The spec's own default (the first day of this month through today) stays the server's for a call without dates:
 * a month is one point on a trend line, and issue 28 asked for the year.
 */
export function initialDashboardFilters(now = new Date()): DashboardFilterValues {
  const today = toWireDate(now);
  const month = today.slice(0, 7);
  return { nv2: '', nv3: '', start: `${addMonths(month, -11)}-01`, end: today, month };
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

/** How the filters read on an exported chart or report: one line each, by the names the person chose them by. */
export interface FilterNames {
  level2: string;
  level3: string;
  /** A level's name by its id. */
  levelName: (id: string) => string | undefined;
  extraFilters?: readonly ExtraDashboardFilter[];
}

export function describeDashboardFilters(filters: DashboardFilterValues, names: FilterNames): { label: string; value: string }[] {
  const level = (id: string) => (id ? (names.levelName(id) ?? id) : 'Todos');
  const extra = filters.extra ?? {};
  return [
    { label: 'Período', value: `del ${formatDisplayDate(filters.start)} al ${formatDisplayDate(filters.end)}` },
    { label: 'Mes', value: monthLongName(filters.month) },
    { label: names.level2, value: level(filters.nv2) },
    { label: names.level3, value: level(filters.nv3) },
    ...(names.extraFilters ?? []).map((filter) => {
      const chosen = extra[filter.name] ?? '';
      return {
        label: filter.label,
        value: chosen ? (filter.options.find((option) => option.value === chosen)?.label ?? chosen) : filter.emptyLabel,
      };
    }),
  ];
}

/** A file name's words: lower case, no accents, hyphens between ("Cobertura de EPP (%)" -> "cobertura-de-epp"). */
export function fileWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** An exported file's name: what it is, then the period it covers ("epp-cobertura-de-epp-2025-12-01-al-2026-11-21"). */
export function exportFileName(subject: string, filters: Pick<DashboardFilterValues, 'start' | 'end'>): string {
  return `${fileWords(subject)}-${filters.start}-al-${filters.end}`;
}
