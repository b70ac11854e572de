import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
import type { WorkflowActions } from './use-workflow-actions.ts';

/** How a module shows one of its workflow records; the kit adds the choice box, the state, the sync mark and the transitions. */
export interface WorkflowCardView<Row> {
  /** The card's heading, also said after each button's words to a screen reader ("Solicitud del 02/05/2025"). */
  title: (row: Row) => string;
  /** The choice box's name after "Elegir para despachar: ", when the title alone does not tell rows apart. */
  choiceName?: (row: Row) => string;
  /** Beside the heading: who raised it, where it came from. */
  subtitle?: (row: Row) => ReactNode;
  body?: (row: Row) => ReactNode;
  /** The module's own buttons (edit, delete, deliver), before the transitions'. */
  actions?: (row: Row) => ReactNode;
}

interface WorkflowCardProps<Row> {
  row: Row;
  view: WorkflowCardView<Row>;
  actions: WorkflowActions<Row>;
  /** The name of the transition over several rows that this row may be chosen for. */
  choose?: string;
  chip: { name: string; done: boolean };
  queued: boolean;
}

/** One record of a tab: heading and state, the module's content, its buttons and the transitions it offers now. */
export function WorkflowCard<Row>({ row, view, actions, choose, chip, queued }: WorkflowCardProps<Row>) {
  const title = view.title(row);
  const id = actions.idOf(row);
  return (
    <li className="card workflow-card">
      <div className="workflow-card__head">
        {choose && actions.offered(row, choose) && (
          <input
            type="checkbox"
            aria-label={`Elegir para ${actions.stepOf(choose).label.toLocaleLowerCase('es')}: ${view.choiceName?.(row) ?? title}`}
            checked={actions.selected.has(id)}
            onChange={() => actions.toggle(row)}
          />
        )}
        <h2>{title}</h2>
        {view.subtitle && <span className="muted">{view.subtitle(row)}</span>}
        <span className={`badge ${chip.done ? 'workflow-badge--done' : ''}`}>{chip.name}</span>
        {queued && <span className="badge badge--pending">Pendiente de sincronizar</span>}
      </div>
      {view.body?.(row)}
      <div className="button-row">
        {view.actions?.(row)}
        {actions.rowActions(row).map((name) => (
          <IonButton key={name} fill="outline" color="dark" size="small" onClick={() => void actions.take(name, [row])}>
            {actions.stepOf(name).label}
            <span className="visually-hidden"> {title}</span>
          </IonButton>
        ))}
      </div>
    </li>
  );
}
