import { IonInput } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';

type IonInputProps = ComponentProps<typeof IonInput>;

export interface InputFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: (element: HTMLIonInputElement | null) => void;
  type?: IonInputProps['type'];
  autocomplete?: IonInputProps['autocomplete'];
  inputmode?: IonInputProps['inputmode'];
  helperText?: string;
  readonly?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

/** An Ionic text field with its error; the visible label is also its accessible name. */
export function InputField({ label, value, error, onValueChange, onBlur, inputRef, children, ...inputProps }: InputFieldProps) {
  return (
    <IonInput
      {...inputProps}
      ref={inputRef}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      value={value}
      clearOnEdit={false}
      errorText={error}
      className={error ? 'ion-invalid ion-touched' : undefined}
      onIonInput={(event) => onValueChange(event.detail.value ?? '')}
      onIonBlur={onBlur}
    >
      {children}
    </IonInput>
  );
}
