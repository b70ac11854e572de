import { IonButton, IonIcon } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormInput } from './form-input.tsx';

interface PasswordInputProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  autocomplete: 'current-password' | 'new-password';
}

export function PasswordInput<T extends FieldValues>({ control, name, label, autocomplete }: PasswordInputProps<T>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormInput control={control} name={name} label={label} type={visible ? 'text' : 'password'} autocomplete={autocomplete}>
      <IonButton
        slot="end"
        fill="clear"
        color="dark"
        aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        <IonIcon slot="icon-only" icon={visible ? eyeOffOutline : eyeOutline} aria-hidden="true" />
      </IonButton>
    </FormInput>
  );
}
