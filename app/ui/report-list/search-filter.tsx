import { useEffect, useId, useRef, useState } from 'react';

interface SearchFilterProps {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
}

/** A text filter that asks the server once the person pauses typing, not at every key. */
export function SearchFilter({ label, value, max, onChange }: SearchFilterProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), 350);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="select-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} maxLength={max} autoComplete="off" onChange={(event) => setText(event.target.value)} />
    </div>
  );
}
