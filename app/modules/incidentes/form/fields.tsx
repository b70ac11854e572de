import { useId, useState } from 'react';
import { DraftTextInput } from '#app/ui/drafts/draft-text-input.tsx';
import '#app/ui/drafts/draft-field.css';

/**
 * The report's inputs: plain controls (a long form of Ionic inputs is slow on a tablet), each with its label and
 * the problem the report's rules found in it. Every change is handed over at once: the draft page writes it to the
 * device, the edit page keeps it until "Guardar".
 */
interface ProblemProps {
  problem?: string;
}

function Problem({ id, problem }: { id: string; problem?: string }) {
  return problem ? (
    <p id={`${id}-error`} className="field-error">
      {problem}
    </p>
  ) : null;
}

const described = (id: string, problem?: string) => ({
  'aria-invalid': problem ? true : undefined,
  'aria-describedby': problem ? `${id}-error` : undefined,
});

export interface Choice {
  value: string;
  label: string;
  group?: string;
}

interface ChoiceSelectProps extends ProblemProps {
  id: string;
  label: string;
  value: string | null;
  options: readonly Choice[];
  onChange: (value: string | null) => void;
  emptyLabel?: string;
  disabled?: boolean;
}

/** One of a catalogue: a native select (one tap on a tablet), grouped when the options say their group. */
export function ChoiceSelect({ id, label, value, options, onChange, emptyLabel = 'Sin elegir', disabled, problem }: ChoiceSelectProps) {
  const groups = [...new Set(options.map((option) => option.group ?? ''))];
  const render = (list: readonly Choice[]) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  return (
    <div className={`draft-field${problem ? ' draft-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value || null)}
        {...described(id, problem)}
      >
        <option value="">{emptyLabel}</option>
        {groups.length > 1
          ? groups.map((group) => (
              <optgroup key={group} label={group}>
                {render(options.filter((option) => (option.group ?? '') === group))}
              </optgroup>
            ))
          : render(options)}
      </select>
      <Problem id={id} problem={problem} />
    </div>
  );
}

interface ChecksGroupProps extends ProblemProps {
  legend: string;
  values: readonly string[];
  options: readonly Choice[];
  onChange: (values: string[]) => void;
  empty?: string;
  disabled?: boolean;
}

/** Several of a catalogue (the acts, the causes): checkboxes, grouped by what they hang from. */
export function ChecksGroup({
  legend,
  values,
  options,
  onChange,
  empty = 'No hay opciones en este dispositivo.',
  disabled,
  problem,
}: ChecksGroupProps) {
  const id = useId();
  const groups = [...new Set(options.map((option) => option.group ?? ''))];
  // A tap shows at once and the next tap builds on it: the draft's write (and the values it brings back) comes later.
  const [chosen, setChosen] = useState<readonly string[]>(values);
  const [received, setReceived] = useState(values);
  if (received.join('\n') !== values.join('\n')) {
    setReceived(values);
    setChosen(values);
  }
  const toggle = (value: string, checked: boolean) => {
    const next = checked ? [...chosen.filter((item) => item !== value), value] : chosen.filter((item) => item !== value);
    setChosen(next);
    onChange(next);
  };
  return (
    <fieldset className="incident-checks" {...described(id, problem)}>
      <legend>{legend}</legend>
      {options.length === 0 && <p className="muted">{empty}</p>}
      {groups.map((group) => (
        <div key={group} className="incident-checks__group">
          {group && <p className="incident-checks__title">{group}</p>}
          {options
            .filter((option) => (option.group ?? '') === group)
            .map((option) => (
              <label key={option.value} className="check-group__option">
                <input
                  type="checkbox"
                  checked={chosen.includes(option.value)}
                  disabled={disabled}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            ))}
        </div>
      ))}
      <Problem id={id} problem={problem} />
    </fieldset>
  );
}

interface TextProps extends ProblemProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The draft page waits for a pause in the typing before it writes; the edit page keeps every keystroke (0). */
  delay: number;
  multiline?: boolean;
  required?: boolean;
  id?: string;
}

export function TextInput({ label, value, onChange, delay, multiline, required, problem, id }: TextProps) {
  return (
    <DraftTextInput
      id={id}
      label={label}
      stored={value}
      onSave={onChange}
      delay={delay}
      multiline={multiline}
      required={required}
      problem={problem}
    />
  );
}

interface NumberProps extends ProblemProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  delay: number;
  disabled?: boolean;
  id?: string;
}

/** A number typed with a comma or a point; empty is none. What is not a number stays typed and is not saved. */
export function NumberInput({ label, value, onChange, delay, disabled, problem, id }: NumberProps) {
  if (disabled) {
    return (
      <div className="draft-field">
        <span className="draft-field__label">{label}</span>
        <p className="draft-field__fixed" aria-label={label}>
          {value === null ? 'No aplica' : String(value)}
        </p>
      </div>
    );
  }
  return (
    <DraftTextInput
      id={id}
      label={label}
      stored={value === null ? '' : String(value)}
      inputMode="decimal"
      delay={delay}
      problem={problem}
      onSave={(text) => {
        const cleaned = text.trim().replace(',', '.');
        if (cleaned === '') return onChange(null);
        if (/^\d+(\.\d+)?$/.test(cleaned)) return onChange(Number(cleaned));
      }}
    />
  );
}

interface TimeProps extends ProblemProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** HH:mm, as the tablet's own time picker gives it. */
export function TimeInput({ id, label, value, onChange, problem }: TimeProps) {
  return (
    <div className={`draft-field${problem ? ' draft-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="time" value={value.slice(0, 5)} onChange={(event) => onChange(event.target.value)} {...described(id, problem)} />
      <Problem id={id} problem={problem} />
    </div>
  );
}

/** "2026-11-21T12:30:00.000Z" as the browser's local "2026-11-21T09:30" (the device is set to Chile's time). */
function localValue(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const local = new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A day and time, handed over as an ISO instant. */
export function InstantInput({ id, label, value, onChange, problem }: Omit<TimeProps, 'value'> & { value: string | null }) {
  return (
    <div className={`draft-field${problem ? ' draft-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        value={value ? localValue(value) : ''}
        onChange={(event) => {
          const instant = new Date(event.target.value);
          if (!Number.isNaN(instant.getTime())) onChange(instant.toISOString());
        }}
        {...described(id, problem)}
      />
      <Problem id={id} problem={problem} />
    </div>
  );
}
