import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { boundField } from './bound-field.ts';
import { PasswordField } from './password-field.tsx';

interface PasswordInputProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autocomplete: 'current-password' | 'new-password';
}

/** A password field bound to react-hook-form, with its show and hide button. */
export function PasswordInput<T extends FieldValues>({ control, name, label, autocomplete }: PasswordInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PasswordField
          label={label}
          autocomplete={autocomplete}
          {...boundField(field, fieldState)}
        />
      )}
    />
  );
}
