import { useId } from 'react';
import type { SelectOption } from './form-select.tsx';

/**
 * Several choices among options, as checkboxes under one legend; `chosen` keeps the order they were chosen in.
 * `empty` is said when there are no options; `problem` is the field's error, which the group points to.
 */
export function CheckList({
  legend,
  options,
  chosen,
  onChange,
  empty,
  problem,
  className,
}: {
  legend: string;
  options: readonly SelectOption[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  empty?: string;
  problem?: string;
  className?: string;
}) {
  const id = useId();
  const toggle = (value: string) => onChange(chosen.includes(value) ? chosen.filter((other) => other !== value) : [...chosen, value]);
  return (
    <fieldset className={className ? `check-group ${className}` : 'check-group'} aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{legend}</legend>
      {empty && options.length === 0 && <p className="muted">{empty}</p>}
      {options.map((option) => (
        <label key={option.value} className="check-group__option">
          <input type="checkbox" checked={chosen.includes(option.value)} onChange={() => toggle(option.value)} />
          {option.label}
        </label>
      ))}
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
