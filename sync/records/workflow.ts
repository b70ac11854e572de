import type * as v from 'valibot';
import type { AnyEntity, RowOf } from './entity.ts';
import type { PermissionAction } from './permissions.ts';

/**
 * A workflow record: an entity whose rows move through states by named transitions. Described once here, in sync/,
 * so the server builds its commands and routes from it and the device its state tabs, its action panel and the row
 * it shows before the server answers; both apply a transition with the same pure `apply`.
 */

/** One state of the record, as its tab shows it. */
export interface WorkflowState<S extends number | string> {
  value: S;
  /** The tab's label, plural ("Pendientes"). */
  label: string;
  /** The state's name on a row's chip ("Pendiente"). */
  name: string;
  /** What the tab says when no record is in this state. */
  empty: string;
}

/** Who takes a transition and when, as the device and the server both know it. */
export interface TransitionContext {
  user: number;
  userName: string;
  now: Date;
  /** The Chile date the screen shows (YYYY-MM-DD); by default the one of `now`. */
  today?: string;
}

/** A refusal the transition's rules give, with the spec's message and its code (409 unless said). */
export interface WorkflowRefusal {
  message: string;
  code?: string;
  status?: 400 | 404 | 409;
}

export interface Transition<Row, Body> {
  /** The button's words ("Despachar", "Anular despacho"). */
  label: string;
  /** The permission action on the entity's permission route that allows it. */
  action: PermissionAction;
  /** The spec's call: its method and its path under the entity's base, naming the record's id as `:id`. */
  call: { method: 'POST' | 'PUT' | 'DELETE'; path: string };
  /** The body's schema (also read from the query, as the spec sends some); none: the call takes no body. */
  body?: v.GenericSchema<unknown, Body>;
  /** The states it may be taken from; from any other, `wrongState`. */
  from: readonly (number | string)[];
  /** The refusal when the row is in another state, by that state, or one for all. */
  wrongState: WorkflowRefusal | ((row: Row) => WorkflowRefusal);
  /** A rule beyond the state (a request with signatures cannot go back): the refusal, or null. */
  guard?: (row: Row) => WorkflowRefusal | null;
  /** The record after the transition: pure, the same on the device (shown at once) and on the server (stored). */
  apply(row: Row, body: Body, who: TransitionContext): Row;
  /** The success message, as the answer's `message` and the screen's notice. */
  message: string;
  /** Asked before the device queues it; none: it runs at once (or opens its form when it has a body). */
  confirm?: { header: string; message: (row: Row) => string; confirmText?: string };
  /** The same transition over several records at once, all or none: its call (POST, no `:id`), its body (with `Ids`), message. */
  many?: { path: string; body: v.GenericSchema<unknown, Body & { Ids: string[] }>; message: string; summary: string };
  /** What the call says in the API reference. */
  summary: string;
  /**
   * A decision on what the person saw: a body whose `Version` is older than the record's is a conflict (CF4), kept
   * with `kept(body)` (by default the body as sent) and answered 409 CONFLICTO with the server's record. A transition
   * without a body sends that `Version` in the query (`?Version=n`), read from the row the device showed.
   */
  versioned?: boolean;
  kept?: (body: Body) => unknown;
  /** Already taken with this body (an appended step's id): the record is answered as it is, nothing written (CF5). */
  taken?: (row: Row, body: Body) => boolean;
  /** The files the body names (uploaded before, SPEC FL): each must be the company's. */
  files?: (body: Body) => readonly string[];
}

export interface Workflow<E extends AnyEntity = AnyEntity, S extends number | string = number> {
  entity: E;
  /** The field that holds the state, or else how the state is read from the row (`stateOf`). */
  stateField?: keyof RowOf<E> & string;
  stateOf?(row: RowOf<E>): S;
  /** The states in the order their tabs show. */
  states: readonly WorkflowState<S>[];
  /** The transitions by name, each typed where it is written (`transition<Row, Body>`). */
  transitions: Readonly<Record<string, AnyTransition>>;
  /** The refusal when the record is missing or not visible to the writer. */
  notFound: WorkflowRefusal;
  /**
   * What becomes overdue and when (SPEC OV1): an active record not yet closed whose `deadline` (YYYY-MM-DD) is before
   * today in America/Santiago turns its `light` red; the server's overdue job applies it (server/records/overdue-lights.ts).
   */
  overdue?: { deadline: string; light: string };
}

/** Checks the description's shape at the type level and returns it. */
export function defineWorkflow<E extends AnyEntity, S extends number | string, T extends Record<string, AnyTransition>>(
  workflow: Omit<Workflow<E, S>, 'transitions'> & { transitions: T },
): Workflow<E, S> & { transitions: T } {
  return workflow;
}

/** A transition with its row and body types erased, as a workflow holds it. */
export type AnyTransition = Transition<never, never>;

/** A transition typed with its row and body where it is written, for a workflow's record of transitions. */
export function transition<Row, Body = undefined>(description: Transition<Row, Body>): AnyTransition {
  return description as unknown as AnyTransition;
}

/** The state a row is in, by its workflow's field or rule. */
export function stateOf<S extends number | string>(workflow: Workflow<AnyEntity, S>, row: unknown): S {
  if (workflow.stateOf) return workflow.stateOf(row as never);
  return (row as Record<string, unknown>)[workflow.stateField!] as S;
}

/** Why a transition cannot be taken on this row now, or null: the same answer on the device and the server. */
export function transitionRefusal<Row, S extends number | string>(
  workflow: Workflow<AnyEntity, S>,
  name: string,
  row: Row,
): WorkflowRefusal | null {
  const step = workflow.transitions[name] as unknown as Transition<Row, unknown> | undefined;
  if (!step) return null;
  const state = stateOf(workflow, row);
  if (!(step.from as readonly (number | string)[]).includes(state)) return typeof step.wrongState === 'function' ? step.wrongState(row) : step.wrongState;
  return step.guard?.(row) ?? null;
}

/** The transitions a row may take now, in their declared order. */
export function availableTransitions<S extends number | string>(workflow: Workflow<AnyEntity, S>, row: unknown): string[] {
  return Object.keys(workflow.transitions).filter((name) => transitionRefusal(workflow, name, row) === null);
}
