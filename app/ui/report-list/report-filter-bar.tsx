import { DATE_PICKER_MIN, isWireDate, toWireDate } from '#sync/domain/dates.ts';
import type { ReportFilter } from '#sync/records/report-list.ts';
import { useLevelLookups } from '#app/data/reference-queries.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { SearchFilter } from './search-filter.tsx';
import type { useReportFilters } from './use-report-filters.ts';

export type FilterOptions = Record<string, { value: string; label: string }[]>;

interface ReportFilterBarProps {
  id: string;
  filters: readonly ReportFilter[];
  state: ReturnType<typeof useReportFilters>;
  /** The choices of each select the page fills (records, RUTs); levels come from the device. */
  options?: FilterOptions;
}

/** A report list's filters, drawn from their kinds: selects, a search text, a range of days. */
export function ReportFilterBar({ id, filters, state, options = {} }: ReportFilterBarProps) {
  const session = useRequiredSession();
  const levels = useLevelLookups();
  const today = toWireDate(new Date());
  const { values, set, reversed } = state;
  const day = (name: string) => (value: string) => (value === '' || isWireDate(value)) && set({ [name]: value });
  const drawn = filters.map((filter) => {
    switch (filter.kind) {
      case 'level': {
        const parent = filter.parent ? values[filter.parent] : '';
        const choices = (levels?.byType[filter.level] ?? []).filter((level) => !parent || level.IdNivelPadre === parent);
        const select = choices.map((level) => ({ value: level.IdNivel, label: level.Nombre }));
        return { key: filter.name, label: levelName(session, filter.level), emptyLabel: 'Todos', options: select };
      }
      case 'rut':
        if (filter.companyOnly && (session.usuario.Tipo !== 'empresa' || !options[filter.name]?.length)) return null;
        return { key: filter.name, label: filter.label, emptyLabel: filter.emptyLabel ?? 'Todos', options: options[filter.name] ?? [] };
      case 'choice': {
        const choices = Object.entries(filter.choices).map(([value, label]) => ({ value, label }));
        return { key: filter.name, label: filter.label, emptyLabel: filter.emptyLabel ?? 'Todos', options: choices };
      }
      case 'id':
      case 'number':
        return { key: filter.name, label: filter.label, emptyLabel: filter.emptyLabel ?? 'Todos', options: options[filter.name] ?? [] };
      case 'text':
        return (
          <SearchFilter
            key={filter.name}
            label={filter.label}
            value={values[filter.name] ?? ''}
            max={filter.max}
            onChange={(value) => set({ [filter.name]: value })}
          />
        );
      case 'days':
        return [filter.from, filter.to].map((name, index) => (
          <DateField
            key={name}
            label={filter.labels[index]!}
            value={values[name] ?? ''}
            min={DATE_PICKER_MIN}
            max={today}
            {...(index === 0 ? { error: reversed ?? undefined, announceError: true } : {})}
            onChange={day(name)}
          />
        ));
    }
  });
  return (
    <FilterPanel id={id} active={Object.keys(state.given).length}>
      {drawn.map((item) => {
        if (!item || !('options' in item)) return item;
        const { key, ...select } = item;
        return <SelectFilter key={key} {...select} value={values[key] ?? ''} onChange={(value) => set({ [key]: value })} />;
      })}
    </FilterPanel>
  );
}
