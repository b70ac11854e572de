import { DATE_PICKER_MIN, isWireDate } from '#sync/domain/dates.ts';
import { REVIEW_STATE_LABELS, REVIEW_STATES } from '#sync/domain/review-state.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { SEMAFORO_LABELS, SEMAFOROS } from '#sync/domain/traffic-light.ts';
import { FORMULARIO_TYPE_LABELS, FORMULARIO_TYPES } from '#sync/schemas/formularios.schema.ts';
import { IonButton } from '@ionic/react';
import {
  DATE_RANGE_MESSAGES,
  dateRangeInvalid,
  type FilterOption,
  type FollowUpFilters,
  hasFilters,
  NO_FOLLOW_UP_FILTERS,
} from '#app/data/follow-up-queries.ts';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { DateField } from './form/date-field.tsx';
import { FilterPanel, SelectFilter } from './list-filters.tsx';
import './follow-up-filters.css';

function DateFilter({
  label,
  value,
  error,
  max,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  max: string;
  onChange: (value: string) => void;
}) {
  return (
    <DateField
      label={label}
      value={value}
      min={DATE_PICKER_MIN}
      max={max}
      error={error ?? undefined}
      announceError
      // A text that is not a date leaves the list as it is; the field says what is wrong with it.
      onChange={(next) => {
        if (next === '' || isWireDate(next)) onChange(next);
      }}
    />
  );
}

export interface FollowUpFilterOptions {
  templates: FilterOption[] | undefined;
  levels2: LocalNivel[] | undefined;
  levels3: LocalNivel[] | undefined;
  /** Contractor RUTs; undefined hides the filter (a contractor user sees only its own). */
  contractors: string[] | undefined;
}

interface FollowUpFilterBarProps {
  id: string;
  filters: FollowUpFilters;
  onChange: (filters: FollowUpFilters) => void;
  options: FollowUpFilterOptions;
  level2Label: string;
  level3Label: string;
  today: string;
  /** The observations list also filters by state. */
  withState?: boolean;
}

/** The filters of the inspections and observations lists; folded behind a "Filtros" button on phones. */
export function FollowUpFilterBar({
  id,
  filters,
  onChange,
  options,
  level2Label,
  level3Label,
  today,
  withState = false,
}: FollowUpFilterBarProps) {
  const set = (patch: Partial<FollowUpFilters>) => onChange({ ...filters, ...patch });
  const reversed = dateRangeInvalid(filters);
  const active = Object.entries(filters).filter(([, value]) => value !== '').length;

  return (
    <FilterPanel id={id} className="follow-up-filters" active={active}>
      <SelectFilter
        label="Tipo"
        value={filters.tipo}
        emptyLabel="Todos"
        options={FORMULARIO_TYPES.map((tipo) => ({ value: tipo, label: FORMULARIO_TYPE_LABELS[tipo] }))}
        onChange={(tipo) => set({ tipo: tipo as FollowUpFilters['tipo'] })}
      />
      <SelectFilter
        label="Formulario"
        value={filters.formulario}
        emptyLabel="Todos"
        options={options.templates ?? []}
        onChange={(formulario) => set({ formulario })}
      />
      <DateFilter
        label="Desde"
        value={filters.desde}
        max={today}
        error={reversed ? DATE_RANGE_MESSAGES.desde : null}
        onChange={(desde) => set({ desde })}
      />
      <DateFilter
        label="Hasta"
        value={filters.hasta}
        max={today}
        error={reversed ? DATE_RANGE_MESSAGES.hasta : null}
        onChange={(hasta) => set({ hasta })}
      />
      <SelectFilter
        label={level2Label}
        value={filters.nv2}
        emptyLabel="Todas"
        options={(options.levels2 ?? []).map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
        onChange={(nv2) => set({ nv2, nv3: '' })}
      />
      <SelectFilter
        label={level3Label}
        value={filters.nv3}
        emptyLabel="Todas"
        options={(options.levels3 ?? [])
          .filter((level) => !filters.nv2 || level.IdNivelPadre === filters.nv2)
          .map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
        onChange={(nv3) => set({ nv3 })}
      />
      {options.contractors && (options.contractors.length > 0 || filters.contratista !== '') && (
        <SelectFilter
          label="Contratista"
          value={filters.contratista}
          emptyLabel="Todos"
          options={options.contractors.map((rut) => ({ value: rut, label: formatRut(rut) }))}
          onChange={(contratista) => set({ contratista })}
        />
      )}
      <SelectFilter
        label="Semáforo"
        value={filters.semaforo}
        emptyLabel="Todos"
        options={SEMAFOROS.map((semaforo) => ({ value: String(semaforo), label: SEMAFORO_LABELS[semaforo] }))}
        onChange={(semaforo) => set({ semaforo: semaforo as FollowUpFilters['semaforo'] })}
      />
      {withState && (
        <SelectFilter
          label="Estado"
          value={filters.estado}
          emptyLabel="Todos"
          options={REVIEW_STATES.map((estado) => ({ value: estado, label: REVIEW_STATE_LABELS[estado] }))}
          onChange={(estado) => set({ estado: estado as FollowUpFilters['estado'] })}
        />
      )}
      {hasFilters(filters) && (
        <div className="follow-up-filters__clear">
          <IonButton fill="outline" color="dark" size="small" onClick={() => onChange(NO_FOLLOW_UP_FILTERS)}>
            Limpiar filtros
          </IonButton>
        </div>
      )}
    </FilterPanel>
  );
}
