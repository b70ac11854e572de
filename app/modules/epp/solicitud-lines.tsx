/** A request's lines: one per worker and item, with its size and quantity, and the picker that adds an item. */
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { SolicitudLinea } from '#sync/schemas/epp-solicitudes.schema.ts';
import { IonButton } from '@ionic/react';
import { useId } from 'react';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import type { LocalEppTipo } from './epp-queries.ts';

export interface Chosen {
  IdPersona: string;
  RunPersona: string;
  NombreTrabajador: string;
  RutContratista: string | null;
}

export function lineOf(worker: Pick<LocalTrabajador, 'IdPersona' | 'RunPersona'> & { name: string }, tipo: LocalEppTipo): SolicitudLinea {
  return {
    IdLinea: uuidV7(),
    IdPersona: worker.IdPersona,
    RunPersona: worker.RunPersona,
    NombreTrabajador: worker.name,
    IdEpp: tipo.IdEpp,
    NombreEpp: tipo.NombreEpp,
    Talla: tipo.Tallas.length === 1 ? tipo.Tallas[0]! : '',
    Cantidad: 1,
  };
}

/** One line: the item, its size among the catalogue's (or "Talla única") and how many. */
export function LineEditor({
  line,
  tipo,
  onChange,
  onRemove,
}: {
  line: SolicitudLinea;
  tipo: LocalEppTipo | undefined;
  onChange: (patch: Partial<SolicitudLinea>) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  const sizes = tipo?.Tallas ?? [];
  return (
    <li className="epp-request-line">
      <span className="epp-request-line__name">{line.NombreEpp}</span>
      <div className="select-field">
        <label htmlFor={`${id}-talla`}>
          Talla
          <span className="visually-hidden">
            {' '}
            de {line.NombreEpp} para {line.NombreTrabajador}
          </span>
        </label>
        {sizes.length === 0 ? (
          <input id={`${id}-talla`} value="Talla única" readOnly />
        ) : (
          <select id={`${id}-talla`} value={line.Talla} onChange={(event) => onChange({ Talla: event.target.value })}>
            <option value="">Elige…</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className="select-field epp-request-line__qty">
        <label htmlFor={`${id}-cantidad`}>
          Cantidad
          <span className="visually-hidden">
            {' '}
            de {line.NombreEpp} para {line.NombreTrabajador}
          </span>
        </label>
        <input
          id={`${id}-cantidad`}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          value={line.Cantidad}
          onChange={(event) => onChange({ Cantidad: Number(event.target.value) })}
        />
      </div>
      {onRemove && (
        <IonButton fill="clear" color="dark" size="small" onClick={onRemove}>
          Quitar
          <span className="visually-hidden">
            {' '}
            {line.NombreEpp} de {line.NombreTrabajador}
          </span>
        </IonButton>
      )}
    </li>
  );
}

/** "Agregar EPP" for one worker: any catalogue item they do not have in the request yet. */
export function AddItem({
  tipos,
  taken,
  worker,
  onAdd,
}: {
  tipos: LocalEppTipo[];
  taken: ReadonlySet<string>;
  worker: string;
  onAdd: (tipo: LocalEppTipo) => void;
}) {
  const id = useId();
  const options = tipos.filter((tipo) => !taken.has(tipo.IdEpp));
  if (options.length === 0) return null;
  return (
    <div className="select-field epp-request-add">
      <label htmlFor={id}>Agregar EPP para {worker}</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const tipo = options.find((option) => option.IdEpp === event.target.value);
          if (tipo) onAdd(tipo);
        }}
      >
        <option value="">Elige un EPP…</option>
        {options.map((tipo) => (
          <option key={tipo.IdEpp} value={tipo.IdEpp}>
            {tipo.NombreEpp}
          </option>
        ))}
      </select>
    </div>
  );
}
