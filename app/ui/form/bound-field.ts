import type { ControllerFieldState, ControllerRenderProps, FieldValues, Path } from 'react-hook-form';
import type { InputFieldProps } from './input-field.tsx';

/**
 * What an Ionic text field takes from react-hook-form's Controller: its value and error, its changes, and a focus
 * the form can call on the first wrong field.
 */
export function boundField<T extends FieldValues>(
  field: ControllerRenderProps<T, Path<T>>,
  fieldState: ControllerFieldState,
): Pick<InputFieldProps, 'inputRef' | 'name' | 'value' | 'error' | 'onValueChange' | 'onBlur'> {
  return {
    inputRef: (element) => field.ref(element ? { focus: () => void element.setFocus() } : null),
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    error: fieldState.error?.message,
    onValueChange: field.onChange,
    onBlur: field.onBlur,
  };
}
