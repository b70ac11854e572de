import {
  formatDisplayMonth,
  isWireMonth,
  monthLongName,
  parseTypedMonth,
  type TypedMonth,
  type TypedMonthProblem,
  toWireMonth,
  withMonthSlash,
} from '#sync/domain/dates.ts';
import { IonIcon } from '@ionic/react';
import { calendarOutline } from 'ionicons/icons';
import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import './date-field.css';
import './month-field.css';
import { MonthPicker } from './month-picker.tsx';

export interface MonthRange {
  min?: string;
  max?: string;
}

const boundOf = (wire: string | undefined) => (wire && isWireMonth(wire) ? wire : undefined);
const displayOf = (value: string) => (isWireMonth(value) ? formatDisplayMonth(value) : value);

function committedValue(text: string, typed: TypedMonth): string {
  switch (typed.kind) {
    case 'empty':
      return '';
    case 'month':
      return typed.wire;
    case 'invalid':
      return text.trim();
  }
}

function boundText(wire: string): string {
  return wire === toWireMonth(new Date()) ? 'al mes actual' : `a ${monthLongName(wire)}`;
}

function problemMessage(problem: TypedMonthProblem, range: MonthRange): string {
  switch (problem) {
    case 'format':
      return 'Escribe el mes como MM/AAAA';
    case 'inexistent':
      return 'El mes debe ser un número del 01 al 12';
    case 'before-min':
      return `El mes no puede ser anterior ${boundText(range.min!)}`;
    case 'after-max':
      return `El mes no puede ser posterior ${boundText(range.max!)}`;
  }
}

export interface MonthFieldProps {
  /** Visible label, also the accessible name of the text box. */
  label: string;
  /** '' (no month), a YYYY-MM, or a text that is not a month, shown as it is. */
  value: string;
  /** '' or a YYYY-MM within min..max as soon as the text is one; on leaving the field, a text that is not, as it is. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  /** The form's message; the field's own (format, range) is shown first. */
  error?: string;
  /** Announce `error` as it appears: it follows from another field (a reversed period). */
  announceError?: boolean;
  /** YYYY-MM bounds, both included. */
  min?: string;
  max?: string;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A month shown and typed as MM/YYYY whatever the browser's language (a native month input reads "November 2026"
 * in an English browser), handed over as YYYY-MM, with a picker of the months by their Spanish names. The DateField's
 * twin: the same box, hint and messages.
 */
export function MonthField({
  label,
  value,
  onChange,
  onBlur,
  id: givenId,
  name,
  error,
  announceError = false,
  min,
  max,
  required = false,
  ref,
}: MonthFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const range: MonthRange = { min: boundOf(min), max: boundOf(max) };
  const [text, setText] = useState(() => displayOf(value));
  const [shownValue, setShownValue] = useState(value);
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState(false);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const typed = parseTypedMonth(text, range);

  if (value !== shownValue) {
    setShownValue(value);
    if (!editing && value !== committedValue(text, typed)) {
      setText(displayOf(value));
      setChecked(false);
    }
  }

  const commit = () => {
    if (!editing) return;
    setEditing(false);
    setChecked(true);
    if (typed.kind === 'month') setText(formatDisplayMonth(typed.wire));
    const committed = committedValue(text, typed);
    if (committed !== value) onChange(committed);
  };

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = input.selectionEnd === input.value.length ? withMonthSlash(text, input.value) : input.value;
    const nextTyped = parseTypedMonth(next, range);
    setText(next);
    setEditing(true);
    setChecked(false);
    if (nextTyped.kind === 'invalid') return;
    const nextValue = nextTyped.kind === 'month' ? nextTyped.wire : '';
    if (nextValue !== value) onChange(nextValue);
  };

  const pick = (wire: string) => {
    setText(formatDisplayMonth(wire));
    setEditing(false);
    setChecked(false);
    setOpen(false);
    toggleRef.current?.focus();
    if (wire !== value) onChange(wire);
  };

  const ownProblem = checked && typed.kind === 'invalid' ? problemMessage(typed.problem, range) : undefined;
  const shownError = ownProblem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const panelId = `${id}-meses`;
  const chosen = typed.kind === 'month' ? typed.wire : undefined;

  return (
    <div className={`date-field month-field${shownError ? ' date-field--invalid' : ''}`}>
      <div className="date-field__head">
        <label id={`${id}-label`} htmlFor={id}>
          {label}
        </label>
        <span id={hintId} className="date-field__hint">
          MM/AAAA{chosen ? ` · ${monthLongName(chosen)}` : ''}
        </span>
      </div>
      <div className="date-field__control">
        <input
          ref={ref}
          id={id}
          name={name}
          className="date-field__text"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={text}
          aria-required={required || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          onChange={type}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="date-field__picker"
          aria-label={`Elegir ${label.replace(/\*$/, '').toLocaleLowerCase('es')} por su nombre`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
        >
          <IonIcon icon={calendarOutline} aria-hidden="true" />
        </button>
        {open && (
          <MonthPicker
            id={panelId}
            label={label}
            chosen={chosen}
            range={range}
            onPick={pick}
            onClose={() => (setOpen(false), toggleRef.current?.focus())}
          />
        )}
      </div>
      {shownError && (
        <p id={errorId} className="field-error" role={ownProblem || announceError ? 'alert' : undefined}>
          {shownError}
        </p>
      )}
    </div>
  );
}

interface FormMonthFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  min?: string;
  max?: string;
}

/** A MonthField bound to react-hook-form: the form holds YYYY-MM, and RHF focuses the text box on an error. */
export function FormMonthField<T extends FieldValues>({ control, name, ...props }: FormMonthFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MonthField
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
