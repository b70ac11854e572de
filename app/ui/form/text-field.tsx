import { type InputHTMLAttributes, useId } from 'react';
import { FieldShell } from './field-shell.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled native text input kept in the screen's own state (outside react-hook-form): a dialog's or a panel's field. */
export function TextField({ label, value, onChange, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label}>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </FieldShell>
  );
}
