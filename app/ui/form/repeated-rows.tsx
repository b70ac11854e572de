import { IonButton } from '@ionic/react';
import { type ReactNode, useId, useState } from 'react';
import './repeated-rows.css';

export type Keyed<R> = R & { key: number };

let nextKey = 1;

/** The rows of a form that creates several records at once: each with its own key, changed, added or removed. */
export function useRepeatedRows<R extends object>(blank: () => R) {
  const keyed = (): Keyed<R> => ({ ...blank(), key: nextKey++ });
  const [rows, setRows] = useState<Keyed<R>[]>(() => [keyed()]);
  return {
    rows,
    change: (key: number, patch: Partial<R>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: () => setRows((all) => [...all, keyed()]),
    remove: (key: number) => setRows((all) => all.filter((row) => row.key !== key)),
  };
}

/**
 * One row of such a form (`legend`: «EPP 2»): its fields, given the row's id for their labels, the problem that
 * stops it being saved, and «Quitar EPP 2» when it may be removed (never the only row).
 */
export function RepeatedRow({
  legend,
  problem,
  onRemove,
  children,
}: {
  legend: string;
  problem: string | undefined;
  onRemove?: () => void;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="repeated-row" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{legend}</legend>
      {children(id)}
      {problem ? (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      ) : null}
      {onRemove ? (
        <IonButton fill="outline" color="dark" size="small" onClick={onRemove}>
          Quitar {legend}
        </IonButton>
      ) : null}
    </fieldset>
  );
}
