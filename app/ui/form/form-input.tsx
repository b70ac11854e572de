import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { boundField } from './bound-field.ts';
import { InputField, type InputFieldProps } from './input-field.tsx';

interface FormInputProps<T extends FieldValues> extends Pick<
  InputFieldProps,
  'type' | 'autocomplete' | 'inputmode' | 'helperText' | 'readonly' | 'disabled'
> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  children?: ReactNode;
}

/** An Ionic text field bound to react-hook-form; the visible label is also its accessible name. */
export function FormInput<T extends FieldValues>({ control, name, ...inputProps }: FormInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <InputField
          {...inputProps}
          {...boundField(field, fieldState)}
        />
      )}
    />
  );
}
