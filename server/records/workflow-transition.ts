import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { type Transition, transitionRefusal, type Workflow, type WorkflowRefusal } from '#sync/records/workflow.ts';
import type { Db } from '../db/database.ts';
import { requireFiles } from '../files/files.repo.ts';
import { HttpError } from '../http/http-error.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import type { WriteOutcome } from './field-versions.ts';
import type { RecordStore } from './record-store.ts';
import { logRecord } from './record-writes.ts';
import type { WriteContext } from './write-answer.ts';

type Row = Record<string, unknown> & { Estado: number; Version: number };

/** What only the server knows of a workflow's records, beyond the description it shares with the device. */
export interface WorkflowRules<R> {
  /** Whether the writer may see the record: one they may not is not found. */
  visible?: (viewer: Viewer, row: R) => boolean;
  /** Checks of a transition's body before anything is read (a dispatcher's RUT against its check digit). */
  checkBody?: Partial<Record<string, (body: never) => void>>;
  /** Whether this writer may take the transition on this record, before anything else is judged. */
  allowed?: Partial<Record<string, (row: R, ctx: WriteContext) => void>>;
  /** The module's own rule on a transition, after the workflow's (a new deadline not before today). */
  check?: Partial<Record<string, (row: R, body: never, ctx: WriteContext) => void>>;
  /** What follows from the row a transition stored, in its transaction (the accreditations a document decides). */
  saved?: (ctx: WriteContext, db: Db, row: R) => Promise<void>;
  /** Where the records live when not in the kit's store of the entity: read one, store one with its change-log row. */
  store?: {
    load(ctx: WriteContext, db: Db, id: string): Promise<R | undefined>;
    save(ctx: WriteContext, db: Db, next: R, previous: R): Promise<R>;
  };
}

const refused = (refusal: WorkflowRefusal) => new HttpError((refusal.status ?? 409) as ContentfulStatusCode, refusal.message, refusal.code);

/** The kit's store of the entity: its row with its field versions, stored with its change-log row. */
function kitStore(ctx: WriteContext, entity: AnyEntity): NonNullable<WorkflowRules<Row>['store']> {
  const store = ctx.records[entity.table as EntityTable] as unknown as RecordStore<Row>;
  const versions = new Map<string, string>();
  return {
    async load(_ctx, db, id) {
      const found = await store.load(db, ctx.company, id);
      if (found) versions.set(id, found.fieldVersions);
      return found?.row;
    },
    async save(_ctx, db, next, previous) {
      const id = String(next[entity.id]);
      await store.update!(db, next, versions.get(id) ?? '{}');
      return (await logRecord(ctx, db, entity, id, previous as never)) as Row;
    },
  };
}

async function takeOne(ctx: WriteContext, db: Db, workflow: Workflow, name: string, id: string, body: unknown, rules: WorkflowRules<Row>) {
  const step = workflow.transitions[name] as unknown as Transition<Row, unknown>;
  const store = rules.store ?? kitStore(ctx, workflow.entity);
  const row = await store.load(ctx, db, id);
  if (!row || row.Estado === 0 || (rules.visible && !rules.visible(ctx.viewer, row))) throw refused(workflow.notFound);
  rules.allowed?.[name]?.(row, ctx);
  if (step.taken?.(row, body)) return { kind: 'unchanged', row } as const;
  const base = step.versioned ? (body as { Version?: number }).Version : undefined;
  if (base !== undefined && base !== row.Version) {
    const conflict = { company: ctx.company, table: workflow.entity.table, id, baseVersion: base, serverVersion: row.Version };
    await recordConflict(db, { ...conflict, body: step.kept ? step.kept(body) : body, user: ctx.user, key: ctx.key }, ctx.now);
    return { kind: 'conflict', row } as const;
  }
  const refusal = transitionRefusal(workflow, name, row);
  if (refusal) throw refused(refusal);
  (rules.check?.[name] as ((row: Row, body: unknown, ctx: WriteContext) => void) | undefined)?.(row, body, ctx);
  await requireFiles(db, ctx.company, [...(step.files?.(body) ?? [])]);
  const next = { ...step.apply(row, body, { user: ctx.user, userName: ctx.userName, now: ctx.now }), Version: row.Version + 1 };
  const saved = await store.save(ctx, db, next, row);
  await rules.saved?.(ctx, db, saved);
  return { kind: 'written', row: saved } as const;
}

/**
 * Takes one transition on each record, in one transaction: all of them, or none when one is missing (404) or may
 * not take it (the transition's refusal). Each record written gets its next Version and its change-log row; one
 * already taken is answered as it is; a stale decision is a conflict that keeps the losing body.
 */
/** A workflow of any entity and states, as the engine reads it. */
type AnyWorkflow = Workflow<AnyEntity, number | string>;

/** One record's transition: its outcome. */
export async function takeTransitionOn<R>(
  ctx: WriteContext,
  workflow: AnyWorkflow,
  name: string,
  id: string,
  body: unknown,
  rules: WorkflowRules<R> = {},
): Promise<WriteOutcome<R>> {
  return (await takeTransition(ctx, workflow, name, [id], body, rules))[0]!;
}

/**
 * Takes one transition on each record, in one transaction: all of them, or none when one is missing (404) or may
 * not take it (the transition's refusal). Each record written gets its next Version and its change-log row; one
 * already taken is answered as it is; a stale decision is a conflict that keeps the losing body.
 */
export function takeTransition<R>(
  ctx: WriteContext,
  workflow: AnyWorkflow,
  name: string,
  ids: readonly string[],
  body: unknown,
  rules: WorkflowRules<R> = {},
): Promise<WriteOutcome<R>[]> {
  (rules.checkBody?.[name] as ((value: unknown) => void) | undefined)?.(body);
  const described = workflow as unknown as Workflow;
  const own = rules as unknown as WorkflowRules<Row>;
  return inWriteTransaction(ctx.db, async (db) => {
    const outcomes: WriteOutcome<R>[] = [];
    for (const id of ids) outcomes.push((await takeOne(ctx, db, described, name, id, body, own)) as unknown as WriteOutcome<R>);
    return outcomes;
  });
}
