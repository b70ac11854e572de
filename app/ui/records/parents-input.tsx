import { useId } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import type { SelectOption } from '#app/ui/form/form-select.tsx';

type Parents = Record<string, string>;

interface ParentsInputProps {
  control: Control<FieldValues>;
  name: string;
  label: string;
  /** The items chosen in another field, each of which gets its own choice. */
  items: SelectOption[];
  /** Whom an item may hang from (the item itself is left out). */
  options: SelectOption[];
  /** The empty choice: hangs from the default. */
  emptyLabel: string;
}

/** Keeps only the items still chosen, and no empty choice: what the record stores. */
export function keptParents(value: unknown, items: readonly string[]): Parents {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Parents).filter(([item, parent]) => items.includes(item) && typeof parent === 'string' && parent !== ''),
  );
}

/** For each item chosen elsewhere in the form, whom it hangs from (a subcontractor's company above it): a labelled native select each. */
export function ParentsInput({ control, name, label, items, options, emptyLabel }: ParentsInputProps) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = items.map((item) => item.value);
        const value = keptParents(field.value, chosen);
        return (
          <fieldset className="record-form__wide select-field" aria-describedby={fieldState.error ? `${id}-error` : undefined}>
            <legend>{label}</legend>
            {items.length === 0 && <p className="muted">Elige primero las subcontratistas.</p>}
            {items.map((item, index) => (
              <div key={item.value} className="select-field">
                <label htmlFor={`${id}-${index}`}>{item.label}</label>
                <select
                  id={`${id}-${index}`}
                  ref={index === 0 ? field.ref : undefined}
                  value={value[item.value] ?? ''}
                  aria-invalid={fieldState.error ? true : undefined}
                  onChange={(event) => field.onChange(keptParents({ ...value, [item.value]: event.target.value }, chosen))}
                  onBlur={field.onBlur}
                >
                  <option value="">{emptyLabel}</option>
                  {options
                    .filter((option) => option.value !== item.value)
                    .map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                </select>
              </div>
            ))}
            {fieldState.error && (
              <p id={`${id}-error`} className="field-error">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
