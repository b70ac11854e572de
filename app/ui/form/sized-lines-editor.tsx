import { IonButton } from '@ionic/react';
import { type ReactNode, useId, useState } from 'react';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import './sized-lines.css';

/** A line of items given to (or asked for) one person: the item in a size, so many of it. */
export interface SizedLine {
  IdLinea: string;
  Talla: string;
  Cantidad: number;
}

export interface SizedLinePatch {
  Talla?: string;
  Cantidad?: number;
}

/** An item the person can still get: its id and name. */
export interface SizedItem {
  id: string;
  name: string;
}

interface SizedLinesEditorProps<L extends SizedLine> {
  /** The person's name: every control says whose line it changes. */
  owner: string;
  /** What the items are called (`EPP`): the table's first column and the add picker say it. */
  noun: string;
  lines: readonly L[];
  nameOf: (line: L) => string;
  /** The sizes the line's item comes in; none: one size («Única»). */
  sizesOf: (line: L) => readonly string[];
  /** Said instead of the table when the person has no lines. */
  empty: string;
  /** Absent: the lines are read only (signed, sealed). */
  onChange?: (lineId: string, patch: SizedLinePatch) => void;
  onRemove?: (lineId: string) => void;
  /** The items the person can still get, and what adding one does. */
  add?: { items: readonly SizedItem[]; onAdd: (id: string) => void };
  /** Said under the lines (what they still lack). */
  note?: ReactNode;
}

function AddItem({ label, noun, items, onAdd }: { label: string; noun: string; items: readonly SizedItem[]; onAdd: (id: string) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const item = items.find((candidate) => candidate.id === chosen);
  return (
    <div className="sized-lines__add">
      <div className="select-field">
        <label htmlFor={id}>{label}</label>
        <select id={id} value={item ? chosen : ''} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Elige un {noun}…</option>
          {items.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <IonButton
        fill="outline"
        color="dark"
        disabled={!item}
        onClick={() => {
          if (item) onAdd(item.id);
          setChosen('');
        }}
      >
        Agregar
      </IonButton>
    </div>
  );
}

/**
 * One person's lines of sized items (EPP delivered or requested), each with its size among the catalogue's and its
 * quantity (1 to 99), editable or as they are; the picker that adds an item. On a phone the table scrolls sideways.
 */
export function SizedLinesEditor<L extends SizedLine>(props: SizedLinesEditorProps<L>) {
  const { owner, noun, lines, nameOf, sizesOf, onChange, onRemove, add } = props;
  const sizeCell = (line: L, whose: string) => {
    const sizes = sizesOf(line);
    if (!onChange || sizes.length === 0) return line.Talla || 'Única';
    return (
      <select aria-label={`Talla de ${whose}`} value={line.Talla} onChange={(event) => onChange(line.IdLinea, { Talla: event.target.value })}>
        <option value="">Elige talla…</option>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    );
  };
  const quantityCell = (line: L, whose: string) =>
    !onChange ? (
      line.Cantidad
    ) : (
      <input
        className="sized-lines__quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        aria-label={`Cantidad de ${whose}`}
        value={line.Cantidad}
        onChange={(event) => {
          const quantity = Number(event.target.value);
          if (Number.isInteger(quantity) && quantity >= 1 && quantity <= 99) onChange(line.IdLinea, { Cantidad: quantity });
        }}
      />
    );
  return (
    <>
      {lines.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <ScrollTable label={`${noun} de ${owner}`} className="record-table sized-lines">
          <thead>
            <tr>
              <th scope="col">{noun}</th>
              <th scope="col">Talla</th>
              <th scope="col">Cantidad</th>
              {onRemove && <th scope="col">Quitar</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const whose = `${nameOf(line)} para ${owner}`;
              return (
                <tr key={line.IdLinea}>
                  <td>{nameOf(line)}</td>
                  <td>{sizeCell(line, whose)}</td>
                  <td>{quantityCell(line, whose)}</td>
                  {onRemove && (
                    <td>
                      <IonButton fill="clear" color="danger" size="small" onClick={() => onRemove(line.IdLinea)}>
                        Quitar<span className="visually-hidden"> {whose}</span>
                      </IonButton>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      {props.note}
      {add && add.items.length > 0 && <AddItem label={`Agregar ${noun} a ${owner}`} noun={noun} {...add} />}
    </>
  );
}
