import { useEffect, useId, useRef, useState } from 'react';
import './native-field.css';
import './autocomplete-field.css';

export interface AutocompleteOption {
  id: string;
  label: string;
  detail?: string;
}

interface AutocompleteFieldProps<T> {
  label: string;
  /** The chosen option, shown in the field; null while none is chosen. */
  value: T | null;
  onChange: (value: T | null) => void;
  /** Asks the server as the person types; `signal` aborts an answer a newer text has made stale. */
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  toOption: (value: T) => AutocompleteOption;
  placeholder?: string;
  disabled?: boolean;
  /** What to say when nothing matches. */
  emptyText: string;
}

const TYPING_PAUSE_MS = 200;

/**
 * A text field that offers matches from the server as the person types (the WAI-ARIA combobox pattern: arrows move
 * through the list, Enter picks, Escape closes). Typing after a choice clears it, so what is shown is what is chosen.
 */
export function AutocompleteField<T>({
  label,
  value,
  onChange,
  search,
  toOption,
  placeholder,
  disabled,
  emptyText,
}: AutocompleteFieldProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? toOption(value).label : '');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<T[] | null>(null);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const chosenLabel = value ? toOption(value).label : '';
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => setText(chosenLabel), [chosenLabel]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef
        .current(text.trim(), controller.signal)
        .then((found) => {
          setResults(found);
          setFailed(false);
          setActive(found.length > 0 ? 0 : -1);
        })
        .catch(() => !controller.signal.aborted && setFailed(true));
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open]);

  const pick = (option: T) => {
    onChange(option);
    setText(toOption(option).label);
    setOpen(false);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = results?.length ?? 0;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (count === 0 ? -1 : (current + 1) % count));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (count === 0 ? -1 : (current - 1 + count) % count));
    } else if (event.key === 'Enter' && open && results && active >= 0 && results[active]) {
      event.preventDefault();
      pick(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && !disabled;
  return (
    <div className="autocomplete">
      <label htmlFor={id} className="native-label">
        {label}
      </label>
      <input
        id={id}
        className="native-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList && results && results.length > 0 && (
        <ul id={listId} role="listbox" aria-label={label} className="autocomplete__list">
          {results.map((result, index) => {
            const option = toOption(result);
            return (
              <li
                key={option.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'autocomplete__option autocomplete__option--active' : 'autocomplete__option'}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(result);
                }}
              >
                <span className="autocomplete__label">{option.label}</span>
                {option.detail && <span className="muted">{option.detail}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="autocomplete__note muted">
        {showList &&
          (failed
            ? 'No se pudo buscar. Revisa tu conexión e inténtalo de nuevo.'
            : results === null
              ? 'Buscando…'
              : results.length === 0
                ? emptyText
                : '')}
      </p>
    </div>
  );
}
