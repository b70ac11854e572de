import { DATE_PICKER_MIN, isWireDate, isWireMonth, toWireDate } from '#sync/domain/dates.ts';
import { useLevelLookups } from '#app/data/reference-queries.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { MonthField } from '#app/ui/form/month-field.tsx';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { type DashboardFilterValues, type ExtraDashboardFilter, RANGE_MESSAGE } from './dashboard-filters.ts';

interface DashboardFilterBarProps {
  filters: DashboardFilterValues;
  onChange: (filters: DashboardFilterValues) => void;
  /** The dashboard's own filters, after the levels (the EPP dashboard's Cargo). */
  extraFilters?: readonly ExtraDashboardFilter[];
}

/** The spec's dashboard filters: level 2 and 3 (by the company's names for them), the date range and the month. */
export function DashboardFilterBar({ filters, onChange, extraFilters = [] }: DashboardFilterBarProps) {
  const session = useRequiredSession();
  const levels = useLevelLookups();
  const today = toWireDate(new Date());
  const set = (patch: Partial<DashboardFilterValues>) => onChange({ ...filters, ...patch });
  const reversed = filters.start !== '' && filters.end !== '' && filters.start > filters.end;
  const level3 = (levels?.byType[3] ?? []).filter((level) => !filters.nv2 || level.IdNivelPadre === filters.nv2);
  const extra = filters.extra ?? {};
  const active = [filters.nv2, filters.nv3, ...extraFilters.map((filter) => extra[filter.name])].filter(Boolean).length;
  return (
    <FilterPanel id="dashboard-filtros" className="dashboard-filters" active={active}>
      <SelectFilter
        label={levelName(session, 2)}
        emptyLabel="Todos"
        value={filters.nv2}
        options={(levels?.byType[2] ?? []).map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
        onChange={(value) => set({ nv2: value, nv3: '' })}
      />
      <SelectFilter
        label={levelName(session, 3)}
        emptyLabel="Todos"
        value={filters.nv3}
        options={level3.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
        onChange={(value) => set({ nv3: value })}
      />
      {extraFilters.map((filter) => (
        <SelectFilter
          key={filter.name}
          label={filter.label}
          emptyLabel={filter.emptyLabel}
          value={extra[filter.name] ?? ''}
          options={[...filter.options]}
          onChange={(value) => set({ extra: { ...extra, [filter.name]: value } })}
        />
      ))}
      <DateField
        label="Desde"
        value={filters.start}
        min={DATE_PICKER_MIN}
        max={today}
        error={reversed ? RANGE_MESSAGE : undefined}
        announceError
        onChange={(value) => (value === '' || isWireDate(value)) && set({ start: value })}
      />
      <DateField
        label="Hasta"
        value={filters.end}
        min={DATE_PICKER_MIN}
        max={today}
        onChange={(value) => (value === '' || isWireDate(value)) && set({ end: value })}
      />
      <MonthField
        label="Mes"
        value={filters.month}
        min={DATE_PICKER_MIN.slice(0, 7)}
        max={today.slice(0, 7)}
        onChange={(value) => isWireMonth(value) && set({ month: value })}
      />
    </FilterPanel>
  );
}
