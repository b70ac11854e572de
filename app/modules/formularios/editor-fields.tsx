import { IonIcon } from '@ionic/react';
import { type ReactNode, useId } from 'react';
import { type FieldErrors, get, type Path, useFormContext } from 'react-hook-form';
import type { TemplateEditorValues } from './formulario-editor-model.ts';

type EditorPath = Path<TemplateEditorValues>;

/** The message of a field, or of a list (react-hook-form keeps a list's own message under `root`). */
export function errorAt(errors: FieldErrors<TemplateEditorValues>, path: string): string | undefined {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

interface TextFieldProps {
  name: EditorPath;
  /** Shown above the field. */
  label: string;
  /** Read after the label by screen readers, so repeated fields have distinct names ("del enunciado 1.2"). */
  context?: string;
  required?: boolean;
  multiline?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal';
  className?: string;
  maxLength?: number;
}

/** A native text field of the template editor, registered with react-hook-form (fast with hundreds of fields). */
export function TextField({ name, label, context, required = false, multiline = false, inputMode, className, maxLength }: TextFieldProps) {
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<TemplateEditorValues>();
  const error = errorAt(errors, name);
  const described = error ? `${id}-error` : undefined;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, maxLength, ...register(name) };
  return (
    <div className={`editor-field${error ? ' editor-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {context ? (
          // The star goes inside the hidden part too: a visible star after it would be read "… 1 *".
          <>
            <span className="visually-hidden">
              {' '}
              {context}
              {required && '*'}
            </span>
            {required && <span aria-hidden="true">*</span>}
          </>
        ) : (
          required && '*'
        )}
      </label>
      {multiline ? <textarea rows={2} {...common} /> : <input type="text" inputMode={inputMode} autoComplete="off" {...common} />}
      {error && (
        <p id={described} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps {
  name: EditorPath;
  label: string;
  context?: string;
  /** The first option, meaning none. */
  emptyLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}

/** A native select of the template editor, registered with react-hook-form. */
export function SelectField({ name, label, context, emptyLabel, options, className }: SelectFieldProps) {
  const id = useId();
  const { register } = useFormContext<TemplateEditorValues>();
  return (
    <div className={`editor-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {context && <span className="visually-hidden"> {context}</span>}
      </label>
      {/* Remounted when the options arrive, so the saved choice is shown once it is among them. */}
      <select key={options.length} id={id} {...register(name)}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface IconButtonProps {
  label: string;
  icon: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'danger';
}

/** A square button with an icon; its label is its accessible name and tooltip. */
export function IconButton({ label, icon, onClick, disabled = false, tone }: IconButtonProps) {
  return (
    <button type="button" className={`icon-button${tone ? ` icon-button--${tone}` : ''}`} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <IonIcon icon={icon} aria-hidden="true" />
    </button>
  );
}

export function TextButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className="text-button" onClick={onClick}>
      {children}
    </button>
  );
}
