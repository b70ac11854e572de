import { type ReportFilter, type ReportFilterValues, reversedRange } from '#sync/records/report-list.ts';
import { useSearchParams } from 'react-router-dom';

const namesOf = (filter: ReportFilter) => (filter.kind === 'days' ? [filter.from, filter.to] : [filter.name]);

/**
 * A report list's filters held in the address, so a dashboard can open a list already filtered and Back keeps them:
 * their values, a change (a level's change clears the levels under it), those given, and a reversed range.
 */
export function useReportFilters(filters: readonly ReportFilter[]) {
  const [params, setParams] = useSearchParams();
  const values: ReportFilterValues = Object.fromEntries(filters.flatMap(namesOf).map((name) => [name, params.get(name) ?? '']));
  const set = (patch: ReportFilterValues) => {
    const next = new URLSearchParams();
    const cleared = filters.filter((filter) => filter.kind === 'level' && filter.parent && filter.parent in patch);
    const merged = { ...values, ...Object.fromEntries(cleared.flatMap(namesOf).map((name) => [name, ''])), ...patch };
    for (const [key, value] of Object.entries(merged)) if (value) next.set(key, value);
    setParams(next, { replace: true });
  };
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value));
  return { values, set, given, reversed: reversedRange(filters, values) };
}
