import { useId, type ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FieldShell } from './field-shell.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

interface FormSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
  /** Text of the empty choice; without it a value must be chosen. */
  emptyLabel?: string;
  disabled?: boolean;
  helper?: ReactNode;
}

/** A native select bound to react-hook-form: one tap on phones, labelled for screen readers, empty value as null. */
export function FormSelect<T extends FieldValues>({ control, name, label, options, emptyLabel, disabled, helper }: FormSelectProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldShell id={id} label={label} error={fieldState.error?.message} helper={helper}>
          <select
            id={id}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            disabled={disabled}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
            onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
            onBlur={field.onBlur}
          >
            {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FieldShell>
      )}
    />
  );
}
