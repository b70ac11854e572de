import { IonButton } from '@ionic/react';
import { useId } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import { CheckList } from '#app/ui/form/check-list.tsx';
import type { SelectOption } from '#app/ui/form/form-select.tsx';
import { RepeatedRow } from '#app/ui/form/repeated-rows.tsx';

type Row = Record<string, unknown>;

/** One input of each row: a choice (a native select) or several (checkboxes), at a path of the row ("Recursos.Trabajadores"). */
export interface RowColumn {
  path: string;
  label: string;
  kind: 'select' | 'multi';
  /** A select's empty choice: «Elige la actividad» when one must be chosen (`required`), «Toda la faena» otherwise. */
  emptyLabel?: string;
  required?: boolean;
  options: SelectOption[];
}

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
            {rows.map((row, index) => (
              <RepeatedRow
                key={index}
                legend={`${noun} ${index + 1}`}
                problem={firstMessage(errors[index])}
                onRemove={() => change(rows.filter((_, other) => other !== index))}
              >
                {(rowId) =>
                  columns(row).map((column) => {
                    const value = valueAt(row, column.path);
                    const set = (next: unknown) => change(rows.map((other, at) => (at === index ? withValue(other, column.path.split('.'), next) : other)));
                    if (column.kind === 'multi') {
                      const chosen = (value as string[] | undefined) ?? [];
                      const order = column.options.map((option) => option.value);
                      return (
                        <CheckList
                          key={column.path}
                          legend={column.label}
                          options={column.options}
                          chosen={chosen}
                          onChange={(next) => set(order.filter((option) => next.includes(option)))}
                          empty="No hay opciones en este dispositivo."
                        />
                      );
                    }
                    return (
                      <div key={column.path} className="select-field">
                        <label htmlFor={`${rowId}-${column.path}`}>{`${column.label}${column.required ? '*' : ''}`}</label>
                        <select id={`${rowId}-${column.path}`} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value || null)}>
                          <option value="">{column.emptyLabel ?? ''}</option>
                          {column.options.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      </div>
                    );
                  })
                }
              </RepeatedRow>
            ))}
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
