import type { ReactNode } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  helper?: ReactNode;
}

/** A native control's label, its error (named by `{id}-error`, which the control points at) and an optional note. */
export function FieldShell({ id, label, error, children, helper }: FieldShellProps) {
  return (
    <div className={`select-field${error ? ' select-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {helper}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
