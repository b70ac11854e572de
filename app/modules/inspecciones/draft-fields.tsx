import type { InspectionProblem, ProblemTarget } from '#sync/domain/inspection-rules.ts';
import { useId } from 'react';
import { useDraftText } from './use-draft-text.ts';
import './draft-fields.css';

/** The element id of the place a problem points at: the screen scrolls there and focuses it. */
export function problemAnchor(target: ProblemTarget): string {
  switch (target.kind) {
    case 'encabezado':
      return `insp-encabezado-${target.field}`;
    case 'campo':
      return `insp-campo-${target.id}`;
    case 'enunciado':
      return `insp-enunciado-${target.id}`;
    case 'observacion':
      return `insp-obs-${target.id}-${target.field}`;
    case 'firmas':
      return 'insp-firmas';
    case 'general':
      return 'insp-finalizar';
  }
}

/** Messages by the place they belong to; two problems at one place read as one text. */
export function problemsByAnchor(problems: readonly InspectionProblem[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const problem of problems) {
    const anchor = problemAnchor(problem.target);
    map.set(anchor, map.has(anchor) ? `${map.get(anchor)} ${problem.message}` : problem.message);
  }
  return map;
}

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
export function DraftTextInput({ label, stored, onSave, id, problem, required, multiline, readOnly, delay, className, ...input }: DraftTextInputProps) {
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
