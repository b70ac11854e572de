import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import { stateOf as workflowState, type Workflow } from '#sync/records/workflow.ts';
import { IonButton } from '@ionic/react';
import { type ReactNode, useState } from 'react';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { type TransitionForm, type TransitionOffer, useWorkflowActions } from './use-workflow-actions.ts';
import { WorkflowCard, type WorkflowCardView } from './workflow-card.tsx';
import { WorkflowTabs } from './workflow-tabs.tsx';
import '#app/ui/records.css';
import './workflow.css';

export interface WorkflowListPageProps<E extends AnyEntity, S extends number | string> {
  workflow: Workflow<E, S>;
  /** The page's heading ("Solicitudes de EPP"). */
  title: string;
  /** Beside the heading: the "new" button, for a role that may create. */
  create?: ReactNode;
  /** The records as tabs and lists name them, plural and lower case ("solicitudes"). */
  plural: string;
  /** Every record of the workflow on this device, in the order the lists show; undefined while they load. */
  rows: readonly RowOf<E>[] | undefined;
  view: WorkflowCardView<RowOf<E>>;
  offers?: TransitionOffer<RowOf<E>>;
  /** States whose chip reads as finished. */
  doneStates?: readonly S[];
  /** The module's form for a transition that takes a body. */
  form?: (form: TransitionForm<RowOf<E>>) => ReactNode;
  /** A failure of the module's own actions, shown where the transitions' are. */
  error?: string | null;
  /** What the module shows under the list (what the records decide: who is accredited). */
  after?: ReactNode;
}

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
}

/**
 * A workflow record's list: a tab per state with its count, the records of the pressed one, the transitions each
 * offers, and the choice of several rows for a transition that takes many at once. Works on the device, offline.
 */
export function WorkflowListPage<E extends AnyEntity, S extends number | string>(props: WorkflowListPageProps<E, S>) {
  const { workflow, rows, view } = props;
  const actions = useWorkflowActions(workflow, props.offers);
  const queued = useQueuedRecordKeys();
  const [tab, setTab] = useState<S>(workflow.states[0]!.value);
  const stateOf = (row: RowOf<E>) => workflowState(workflow as unknown as Workflow<AnyEntity, S>, row);
  const state = workflow.states.find((option) => option.value === tab)!;
  const shown = rows?.filter((row) => stateOf(row) === tab) ?? [];
  const chosen = shown.filter((row) => actions.selected.has(actions.idOf(row)));
  const bulk = actions.bulkFor(tab);
  const bulkLabel = bulk && actions.stepOf(bulk).label;
  const counts = rows && new Map(workflow.states.map(({ value }) => [value, rows.filter((row) => stateOf(row) === value).length]));
  const [article, chosenWord] = workflow.entity.noun.feminine ? ['las', 'seleccionadas'] : ['los', 'seleccionados'];
  const error = props.error ?? actions.error;
  const chipOf = (row: RowOf<E>) => ({
    name: workflow.states.find((option) => option.value === stateOf(row))?.name ?? '',
    done: !!props.doneStates?.includes(stateOf(row)),
  });

  return (
    <PageContent>
      <div className="page-body">
        <div className="workflow-heading">
          <h1 className="page-title">{props.title}</h1>
          {props.create}
        </div>
        <WorkflowTabs
          states={workflow.states}
          current={tab}
          counts={counts}
          label={`Estado de ${article} ${props.plural}`}
          onChange={(next) => {
            setTab(next);
            actions.clearSelection();
          }}
        />
        <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
        {bulk && shown.length > 0 && (
          <div className="button-row">
            <IonButton disabled={chosen.length === 0} onClick={() => void actions.take(bulk, chosen)}>
              {chosen.length > 1 ? `${bulkLabel} ${chosen.length} ${chosenWord}` : `${bulkLabel} ${chosenWord}`}
            </IonButton>
          </div>
        )}
        {!rows ? (
          <PageLoading />
        ) : shown.length === 0 ? (
          <p className="muted">{state.empty}</p>
        ) : (
          <ul className="workflow-list" aria-label={`${capitalized(props.plural)} ${state.label.toLocaleLowerCase('es')}`}>
            {shown.map((row) => (
              <WorkflowCard
                key={actions.idOf(row)}
                row={row}
                view={view}
                actions={actions}
                choose={bulk}
                chip={chipOf(row)}
                queued={!!queued?.has(recordKeyOf(workflow.entity.table, actions.idOf(row)))}
              />
            ))}
          </ul>
        )}
        {props.after}
      </div>
      {actions.form && props.form?.(actions.form)}
    </PageContent>
  );
}
