import { IonInput } from '@ionic/react';
import type { ComponentProps, ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type IonInputProps = ComponentProps<typeof IonInput>;

interface FormInputProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: IonInputProps['type'];
  autocomplete?: IonInputProps['autocomplete'];
  inputmode?: IonInputProps['inputmode'];
  helperText?: string;
  readonly?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

/** An Ionic text field bound to react-hook-form; the visible label is also its accessible name. */
export function FormInput<T extends FieldValues>({ control, name, label, children, ...inputProps }: FormInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <IonInput
          {...inputProps}
          ref={(element) => field.ref(element ? { focus: () => void element.setFocus() } : null)}
          label={label}
          labelPlacement="stacked"
          fill="outline"
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          clearOnEdit={false}
          errorText={fieldState.error?.message}
          className={fieldState.error ? 'ion-invalid ion-touched' : undefined}
          onIonInput={(event) => field.onChange(event.detail.value ?? '')}
          onIonBlur={field.onBlur}
        >
          {children}
        </IonInput>
      )}
    />
  );
}
