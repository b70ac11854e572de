import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { useId, useState } from 'react';
import { useWorkerSearch } from '#app/data/worker-queries.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import '#app/ui/form/native-field.css';
import './worker-search.css';

interface WorkerSearchProps {
  label: string;
  onPick: (worker: LocalTrabajador) => void;
  /** Workers already chosen: shown, but not offered again. */
  chosen?: ReadonlySet<string>;
  disabled?: boolean;
}

/** Finds a worker on the device by RUT or name as it is typed; a tap on a result picks it. */
export function WorkerSearch({ label, onPick, chosen, disabled }: WorkerSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const results = useWorkerSearch(text);

  return (
    <div className="worker-search">
      <label htmlFor={id} className="native-label">
        {label}
      </label>
      <input
        id={id}
        className="native-input"
        type="search"
        value={text}
        disabled={disabled}
        autoComplete="off"
        placeholder="RUT o nombre"
        onChange={(event) => setText(event.target.value)}
      />
      {text.trim() !== '' && results && (
        <div role="status">
          {results.length === 0 ? (
            <p className="muted worker-search__empty">No hay trabajadores con ese RUT o nombre en este dispositivo.</p>
          ) : (
            <ul className="worker-search__results" aria-label={`Resultados de ${label.toLocaleLowerCase('es')}`}>
              {results.map((worker) => {
                const already = chosen?.has(worker.IdPersona) ?? false;
                return (
                  <li key={worker.IdPersona}>
                    <button
                      type="button"
                      disabled={already}
                      onClick={() => {
                        onPick(worker);
                        setText('');
                      }}
                    >
                      <span className="worker-search__name">{personName(worker)}</span>
                      <span className="muted">
                        {formatRut(worker.RunPersona)}
                        {already ? ' · ya elegido' : ''}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
