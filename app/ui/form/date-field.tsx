import {
  formatDisplayDate,
  isWireDate,
  parseTypedDate,
  type TypedDate,
  type TypedDateProblem,
  toWireDate,
  withDateSlashes,
} from '#sync/domain/dates.ts';
import { IonIcon } from '@ionic/react';
import { calendarOutline } from 'ionicons/icons';
import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import './date-field.css';

interface DateRange {
  min?: string;
  max?: string;
}

function boundOf(wire: string | undefined): string | undefined {
  return wire && isWireDate(wire) ? wire : undefined;
}

function displayOf(value: string): string {
  return isWireDate(value) ? formatDisplayDate(value) : value;
}

function committedValue(text: string, typed: TypedDate): string {
  switch (typed.kind) {
    case 'empty':
      return '';
    case 'date':
      return typed.wire;
    case 'invalid':
      return text.trim();
  }
}

function boundText(wire: string): string {
  return wire === toWireDate(new Date()) ? 'a hoy' : `al ${formatDisplayDate(wire)}`;
}

function problemMessage(problem: TypedDateProblem, range: DateRange): string {
  switch (problem) {
    case 'format':
      return 'Escribe la fecha como DD/MM/AAAA';
    case 'inexistent':
      return 'Esa fecha no existe en el calendario';
    case 'before-min':
      return `La fecha no puede ser anterior ${boundText(range.min!)}`;
    case 'after-max':
      return `La fecha no puede ser posterior ${boundText(range.max!)}`;
  }
}

export interface DateFieldProps {
  /** Visible label, also the accessible name of the text box. */
  label: string;
  /** '' (no date), a YYYY-MM-DD, or a text that is not a date, shown as it is. */
  value: string;
  /**
   * '' or a YYYY-MM-DD within min..max as soon as the text is one. When the person leaves the field (or presses
   * Enter) on a text that is not, that text: a form's schema refuses it instead of keeping the previous date.
   */
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  /** The form's or the draft's message; the field's own (format, calendar, range) is shown first. */
  error?: string;
  /** Announce `error` as it appears: it follows from another field (a reversed period), not from this one. */
  announceError?: boolean;
  /** YYYY-MM-DD bounds, both included; anything else means no bound. */
  min?: string;
  max?: string;
  readOnly?: boolean;
  /** The label carries the visible "*"; this tells assistive technology. */
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date shown and typed as DD/MM/YYYY whatever the browser's language, handed over as YYYY-MM-DD, with the
 * browser's own calendar behind a button (a native date input would show the browser's format, mm/dd/yyyy in English).
 */
export function DateField({
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
  readOnly = false,
  required = false,
  ref,
}: DateFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const range: DateRange = { min: boundOf(min), max: boundOf(max) };
  const pickerRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState(() => displayOf(value));
  const [shownValue, setShownValue] = useState(value);
  const [editing, setEditing] = useState(false);
  // The person has left what they typed (blur, Enter): only then does its problem show, not at every keystroke.
  const [checked, setChecked] = useState(false);
  const typed = parseTypedDate(text, range);

  // A value from outside (a reset, a shortcut, the saved draft) replaces the text, unless the person is typing in it.
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
    if (typed.kind === 'date') setText(formatDisplayDate(typed.wire));
    const committed = committedValue(text, typed);
    if (committed !== value) onChange(committed);
  };

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = input.selectionEnd === input.value.length ? withDateSlashes(text, input.value) : input.value;
    const nextTyped = parseTypedDate(next, range);
    setText(next);
    setEditing(true);
    setChecked(false);
    if (nextTyped.kind === 'invalid') return;
    const nextValue = nextTyped.kind === 'date' ? nextTyped.wire : '';
    if (nextValue !== value) onChange(nextValue);
  };

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      picker.focus();
      picker.click();
    }
  };

  const pick = (wire: string) => {
    setText(formatDisplayDate(wire));
    setEditing(false);
    if (wire !== value) onChange(wire);
    if (document.activeElement === pickerRef.current) buttonRef.current?.focus();
  };

  const ownProblem = checked && typed.kind === 'invalid' ? problemMessage(typed.problem, range) : undefined;
  const shownError = ownProblem ?? error;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={`date-field${shownError ? ' date-field--invalid' : ''}`}>
      <div className="date-field__head">
        <label id={labelId} htmlFor={id}>
          {label}
        </label>
        <span id={hintId} className="date-field__hint">
          DD/MM/AAAA
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
          maxLength={10}
          value={text}
          readOnly={readOnly}
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
        {!readOnly && (
          <>
            <button
              ref={buttonRef}
              type="button"
              className="date-field__picker"
              aria-label="Abrir calendario"
              aria-describedby={labelId}
              onClick={openPicker}
            >
              <IonIcon icon={calendarOutline} aria-hidden="true" />
            </button>
            <input
              ref={pickerRef}
              type="date"
              className="date-field__native"
              tabIndex={-1}
              aria-hidden="true"
              min={range.min}
              max={range.max}
              value={typed.kind === 'date' ? typed.wire : ''}
              onChange={(event) => pick(event.target.value)}
            />
          </>
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

interface FormDateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  min?: string;
  max?: string;
  readOnly?: boolean;
}

/** A DateField bound to react-hook-form: the form holds YYYY-MM-DD, and RHF focuses the text box on an error. */
export function FormDateField<T extends FieldValues>({ control, name, ...props }: FormDateFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
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
