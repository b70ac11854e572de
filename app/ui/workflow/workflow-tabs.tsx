import type { WorkflowState } from '#sync/records/workflow.ts';
import { IonButton } from '@ionic/react';

interface WorkflowTabsProps<S extends number | string> {
  states: readonly WorkflowState<S>[];
  current: S;
  /** How many records each state holds; unknown while they load. */
  counts: ReadonlyMap<S, number> | undefined;
  label: string;
  onChange: (state: S) => void;
}

/** The states as toggle buttons, each with its count: the pressed one is the tab shown. */
export function WorkflowTabs<S extends number | string>({ states, current, counts, label, onChange }: WorkflowTabsProps<S>) {
  return (
    <div className="workflow-tabs" role="group" aria-label={label}>
      {states.map((state) => {
        const count = counts && (counts.get(state.value) ?? 0);
        return (
          <IonButton
            key={state.value}
            fill={current === state.value ? 'solid' : 'outline'}
            color="dark"
            aria-pressed={current === state.value}
            onClick={() => onChange(state.value)}
          >
            {state.label}
            {count !== undefined && ` (${count})`}
          </IonButton>
        );
      })}
    </div>
  );
}
