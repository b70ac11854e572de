import { useId } from 'react';
import { useDraftText } from './use-draft-text.ts';
import './draft-field.css';

interface DraftTextInputProps {
  label: string;
  stored: string;
  onSave: (text: string) => unknown;
  id?: string;
  problem?: string;
  /** The label carries the visible "*"; this tells assistive technology. */
  required?: boolean;
  multiline?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric';
  readOnly?: boolean;
  /** 0 writes on every change (a form kept in memory). */
  delay?: number;
  list?: string;
  className?: string;
}

/** A labelled text field of a draft, written as it is typed (useDraftText), with its problem under it. */
export function DraftTextInput({
  label,
  stored,
  onSave,
  id,
  problem,
  required,
  multiline,
  readOnly,
  delay,
  className,
  ...input
}: DraftTextInputProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const field = useDraftText(stored, onSave, delay);
  const common = {
    id: fieldId,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    readOnly,
    'aria-required': required || undefined,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${fieldId}-error` : undefined,
  };
  return (
    <div className={`draft-field${problem ? ' draft-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} {...input} type="text" autoComplete="off" />}
      {problem && (
        <p id={`${fieldId}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
