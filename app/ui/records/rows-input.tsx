import { IonButton } from '@ionic/react';
import { useId } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import type { SelectOption } from '#app/ui/form/form-select.tsx';
import { RepeatedRow } from '#app/ui/form/repeated-rows.tsx';

type Row = Record<string, unknown>;

interface ColumnBase {
  /** Where the input keeps its value in the row ("Recursos.Trabajadores"). */
  path: string;
  label: string;
  required?: boolean;
}

/**
 * One input of each row: a choice (a native select), several (checkboxes), a number (null when empty) or a yes/no
 * box (kept as 1 or 0, as the spec's records keep their flags).
 */
export type RowColumn =
  | (ColumnBase & {
      kind: 'select';
      /** The empty choice: «Elige la actividad» when one must be chosen (`required`), «Toda la faena» otherwise. */
      emptyLabel?: string;
      options: SelectOption[];
    })
  | (ColumnBase & { kind: 'multi'; options: SelectOption[] })
  | (ColumnBase & { kind: 'number' })
  | (ColumnBase & { kind: 'check' });

export const valueAt = (row: Row, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Row)[key] : undefined), row);

function withValue(row: Row, [key, ...rest]: string[], value: unknown): Row {
  return { ...row, [key!]: rest.length === 0 ? value : withValue((row[key!] as Row | undefined) ?? {}, rest, value) };
}

/** The first message of a field's errors, however deep the schema put it (a row's own field). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, inner] of Object.entries(error)) {
    const found = key === 'ref' ? undefined : firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

/** What the row says under its inputs: its own error, or one no input of it shows next to itself. */
export function rowProblem(errors: unknown, columns: readonly RowColumn[]): string | undefined {
  const own = errors && typeof errors === 'object' ? (errors as { message?: unknown }).message : undefined;
  if (typeof own === 'string' && own !== '') return own;
  const shownByColumn = columns.some((column) => firstMessage(valueAt((errors ?? {}) as Row, column.path)) !== undefined);
  return shownByColumn ? undefined : firstMessage(errors);
}

interface ColumnInputProps {
  column: RowColumn;
  id: string;
  value: unknown;
  error: string | undefined;
  set: (next: unknown) => void;
}

function ColumnInput({ column, id, value, error, set }: ColumnInputProps) {
  const label = `${column.label}${column.required ? '*' : ''}`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  if (column.kind === 'multi') {
    const order = column.options.map((option) => option.value);
    return (
      <CheckList
        legend={label}
        options={column.options}
        chosen={(value as string[] | undefined) ?? []}
        onChange={(next) => set(order.filter((option) => next.includes(option)))}
        empty="No hay opciones en este dispositivo."
        problem={error}
      />
    );
  }
  if (column.kind === 'check')
    return (
      <label className="check-group__option">
        <input id={id} type="checkbox" checked={value === 1} onChange={(event) => set(event.target.checked ? 1 : 0)} />
        {label}
      </label>
    );
  if (column.kind === 'number')
    return (
      <FieldShell id={id} label={label} error={error}>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="any"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(event) => set(event.target.value === '' ? null : Number(event.target.value))}
          {...invalid}
        />
      </FieldShell>
    );
  return (
    <FieldShell id={id} label={label} error={error}>
      <select id={id} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value || null)} {...invalid}>
        <option value="">{column.emptyLabel ?? ''}</option>
        {column.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface RowsInputProps {
  control: Control<FieldValues>;
  name: string;
  label: string;
  /** «Actividad»: each row's legend is «Actividad 2», its buttons «Agregar actividad» and «Quitar Actividad 2». */
  noun: string;
  /** Said when there is no row: «Sin actividades». */
  empty: string;
  blank: () => Row;
  /** A stored item as a row (an item of an older shape). */
  rowOf: (item: unknown) => Row;
  /** Each row's inputs, with options that may depend on the row (a level 3 of the row's worksite). */
  columns: (row: Row) => RowColumn[];
}

/** A list of sub-records kept in one field: a fieldset per row with its inputs, added and removed; none is valid. */
export function RowsInput({ control, name, label, noun, empty, blank, rowOf, columns }: RowsInputProps) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const rows = (Array.isArray(field.value) ? (field.value as unknown[]) : []).map(rowOf);
        const change = (next: Row[]) => field.onChange(next);
        const errors = (fieldState.error ?? {}) as Record<string, unknown>;
        const own = typeof errors.message === 'string' && errors.message !== '' ? errors.message : undefined;
        return (
          <fieldset className="record-form__wide rows-input" aria-describedby={own ? `${id}-error` : undefined}>
            <legend>{label}</legend>
            {rows.length === 0 && <p className="muted">{empty}</p>}
            {rows.map((row, index) => {
              const rowColumns = columns(row);
              const rowErrors = (errors[index] ?? {}) as Row;
              return (
                <RepeatedRow
                  key={index}
                  legend={`${noun} ${index + 1}`}
                  problem={rowProblem(errors[index], rowColumns)}
                  onRemove={() => change(rows.filter((_, other) => other !== index))}
                >
                  {(rowId) =>
                    rowColumns.map((column) => (
                      <ColumnInput
                        key={column.path}
                        column={column}
                        id={`${rowId}-${column.path}`}
                        value={valueAt(row, column.path)}
                        error={firstMessage(valueAt(rowErrors, column.path))}
                        set={(next) => change(rows.map((other, at) => (at === index ? withValue(other, column.path.split('.'), next) : other)))}
                      />
                    ))
                  }
                </RepeatedRow>
              );
            })}
            <IonButton ref={field.ref} fill="outline" color="dark" size="small" onClick={() => change([...rows, blank()])}>
              Agregar {noun.toLowerCase()}
            </IonButton>
            {own && (
              <p id={`${id}-error`} className="field-error">
                {own}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
