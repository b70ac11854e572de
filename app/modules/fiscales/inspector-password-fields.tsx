import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordInput } from '#app/ui/form/password-input.tsx';

/** The new password and its confirmation, labelled as spec 5 names them. */
export function NewPasswordFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <PasswordInput control={control} name={'Contrasena' as Path<T>} label="Contraseña*" autocomplete="new-password" />
      <PasswordInput control={control} name={'ConfirmarContrasena' as Path<T>} label="Confirmar Contraseña*" autocomplete="new-password" />
    </>
  );
}
