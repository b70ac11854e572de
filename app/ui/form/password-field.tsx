import { IonButton, IonIcon } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { InputField, type InputFieldProps } from './input-field.tsx';

export type PasswordFieldProps = Omit<InputFieldProps, 'type' | 'children' | 'autocomplete'> & {
  autocomplete: 'current-password' | 'new-password';
};

export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <InputField {...props} type={visible ? 'text' : 'password'}>
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
    </InputField>
  );
}
