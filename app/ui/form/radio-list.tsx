import { useId } from 'react';

/** One choice among a few options, as radio buttons side by side under one legend (one column or two, a cargo or a worker). */
export function RadioList<Value extends string | number>({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly { value: Value; label: string }[];
  /** The option chosen now (compared with ===); none while it matches no option. */
  chosen: string | number | null;
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <fieldset className="check-group check-group--inline">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="check-group__option">
          <input type="radio" name={name} checked={chosen === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
