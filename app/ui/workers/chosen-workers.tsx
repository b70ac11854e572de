import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { WorkerSearch } from './worker-search.tsx';
import '#app/ui/records.css';

export interface ChosenPerson {
  id: string;
  name: string;
  rut?: string | null;
}

interface ChosenWorkersProps {
  /** The search's label: «Buscar trabajador por nombre o RUT». */
  searchLabel: string;
  /** The list's accessible name: «Trabajadores elegidos». */
  listLabel: string;
  people: readonly ChosenPerson[];
  /** Said while nobody is chosen; nothing when absent. */
  empty?: string;
  onPick: (worker: LocalTrabajador) => void;
  onRemove: (id: string) => void;
  /** Other ways to add people, between the search and the list (everyone of a position). */
  children?: ReactNode;
  /** false: a chosen worker is offered again by the search (picking them moves them). */
  hideChosen?: boolean;
}

/** People chosen from the workers on this device, by name or RUT, each with its «Quitar». */
export function ChosenWorkers(props: ChosenWorkersProps) {
  const { searchLabel, listLabel, people, empty, onPick, onRemove, children, hideChosen = true } = props;
  return (
    <>
      <WorkerSearch label={searchLabel} onPick={onPick} chosen={hideChosen ? new Set(people.map((person) => person.id)) : undefined} />
      {children}
      {people.length === 0 ? (
        empty && <p className="muted">{empty}</p>
      ) : (
        <ul className="people-list" aria-label={listLabel}>
          {people.map((person) => (
            <li key={person.id}>
              <span>
                {person.name}
                {person.rut && <span className="muted"> · {formatRut(person.rut)}</span>}
              </span>
              <IonButton fill="clear" color="danger" size="small" onClick={() => onRemove(person.id)}>
                Quitar<span className="visually-hidden"> a {person.name}</span>
              </IonButton>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
