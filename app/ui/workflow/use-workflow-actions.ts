import type { LocalFile } from '#app/data/local-write.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import { availableTransitions, type Transition, type Workflow } from '#sync/records/workflow.ts';
import { useState } from 'react';
import { queueTransition } from '#app/records/workflow-writes.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';

type Step<Row> = Transition<Row, unknown>;

/** A transition whose body the person fills in: the module's form gets its rows, a submit and a close. */
export interface TransitionForm<Row> {
  name: string;
  transition: Step<Row>;
  rows: readonly Row[];
  /** Queues the transition with this body (and the files it names); throws the first problem in Spanish, for the form to show. */
  submit: (body: unknown, files?: LocalFile[]) => Promise<void>;
  close: () => void;
}

/** The module's own reason to hold a transition back on this device (a delivery already started here). */
export type TransitionOffer<Row> = (row: Row, name: string) => boolean;

/** What a card and the list need of the person's possible actions. */
export interface WorkflowActions<Row> {
  idOf: (row: Row) => string;
  stepOf: (name: string) => Step<Row>;
  /** The transition is open for this row now, to this role, and the module does not hold it back. */
  offered: (row: Row, name: string) => boolean;
  /** The transitions a row's own buttons offer (one taken over several rows is offered by choosing them instead). */
  rowActions: (row: Row) => string[];
  take: (name: string, rows: readonly Row[]) => Promise<void>;
  selected: ReadonlySet<string>;
  toggle: (row: Row) => void;
}

/** And what only the list needs: the transition its tab chooses rows for, the open form, the last failure. */
interface WorkflowListActions<Row, S> extends WorkflowActions<Row> {
  bulkFor: (state: S) => string | undefined;
  clearSelection: () => void;
  form: TransitionForm<Row> | null;
  error: string | null;
}

/**
 * What the person may do with a workflow's rows here: which transitions each row offers (its state, the rules, the
 * role's permission and the module's say), the rows chosen for a transition over several, and taking one (asking
 * first when it has a confirm, opening the module's form when it has a body, then the success notice).
 */
export function useWorkflowActions<E extends AnyEntity, S extends number | string>(
  workflow: Workflow<E, S>,
  offers?: TransitionOffer<RowOf<E>>,
): WorkflowListActions<RowOf<E>, S> {
  type Row = RowOf<E>;
  const described = workflow as unknown as Workflow;
  const stepOf = (name: string) => workflow.transitions[name] as unknown as Step<Row>;
  const session = useRequiredSession();
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [form, setForm] = useState<{ name: string; rows: readonly Row[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const idOf = (row: Row) => String(row[workflow.entity.id]);
  const allowed = (name: string) => hasPermission(session, workflow.entity.permission, stepOf(name).action);
  const offered = (row: Row, name: string) =>
    availableTransitions(described, row).includes(name) && allowed(name) && (offers?.(row, name) ?? true);

  /** A transition over several rows is taken by choosing them, in the tabs of the states it starts from. */
  const bulkFor = (state: S) =>
    Object.keys(workflow.transitions).find((name) => stepOf(name).many && stepOf(name).from.includes(state) && allowed(name));

  const rowActions = (row: Row) => availableTransitions(described, row).filter((name) => !stepOf(name).many && offered(row, name));

  const queue = async (name: string, rows: readonly Row[], body?: unknown, files?: LocalFile[]) => {
    const step = stepOf(name);
    await queueTransition(workflow, name, rows, body, undefined, files);
    showSaved(rows.length > 1 && step.many ? step.many.message : step.message);
    setSelected(new Set());
    setForm(null);
  };

  const ask = (step: Step<Row>, rows: readonly Row[]) =>
    !step.confirm ||
    confirm({
      header: step.confirm.header,
      message: rows.length === 1 ? step.confirm.message(rows[0]!) : `¿${step.label} ${rows.length} ${workflow.entity.noun.many}?`,
      confirmText: step.confirm.confirmText,
    });

  const take = async (name: string, rows: readonly Row[]) => {
    const step = stepOf(name);
    if (rows.length === 0) return;
    setError(null);
    if (step.body) return setForm({ name, rows });
    if (!(await ask(step, rows))) return;
    try {
      await queue(name, rows);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : `No fue posible ${step.label.toLocaleLowerCase('es')} en este dispositivo`);
    }
  };

  const toggle = (row: Row) =>
    setSelected((current) => {
      const next = new Set(current);
      const id = idOf(row);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const openForm: TransitionForm<Row> | null = form && {
    name: form.name,
    transition: stepOf(form.name),
    rows: form.rows,
    submit: (body, files) => queue(form.name, form.rows, body, files),
    close: () => setForm(null),
  };

  return {
    idOf,
    stepOf,
    offered,
    bulkFor,
    rowActions,
    take,
    selected,
    toggle,
    clearSelection: () => setSelected(new Set()),
    form: openForm,
    error,
  };
}
