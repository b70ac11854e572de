import type { SelectOption } from './form-select.tsx';

/** Several choices among options, as checkboxes under one legend; `chosen` keeps the order they were chosen in. */
export function CheckList({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly SelectOption[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const toggle = (value: string) => onChange(chosen.includes(value) ? chosen.filter((other) => other !== value) : [...chosen, value]);
  return (
    <fieldset className="check-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="check-group__option">
          <input type="checkbox" checked={chosen.includes(option.value)} onChange={() => toggle(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
