import type { EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import type { Db } from '../db/database.ts';
import { requireFiles } from '../files/files.repo.ts';
import { HttpError } from '../http/http-error.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { audienceOf, contractorsOf } from './record-audience.ts';
import { worksiteOfChange } from '../tenancy/record-worksites.ts';
import { followWorker } from './worksite-moves.ts';
import { recordConflict } from '../sync/conflicts.repo.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import { differs, mergeChildren, planUpdate, type WriteOutcome } from './field-versions.ts';
import { checkNotReferenced, checkReferences } from './record-registry.ts';
import type { RecordStore } from './record-store.ts';
import type { WriteContext } from './write-answer.ts';

/** Estado 0 is a deleted record; a module may name other live states (a case open 1 or closed 2). */
type Row = Record<string, unknown> & { IdEmpresa: string; Estado: number; Version: number };

/** An append-only child list of a record (SPEC CF5): children are added or replaced by their own id, never removed. */
export interface ChildList {
  field: string;
  idOf: (child: never) => string;
  /**
   * A known child sent again: by default it replaces the stored one. A list whose children a body may send in
   * part (only the grade, only Estado 0) merges them: the stored child with the fields the body carries.
   */
  merge?: (stored: never, sent: never) => unknown;
}

/** What a module adds to the shared versioned writes: only its own rules. */
export interface RecordRules<R> {
  /** Records the viewer may not see are not found for them (a contractor reaches only its own workers). */
  visible?(viewer: Viewer, row: R): boolean;
  /** An update's body as the module reads it (an empty RUT sent to clear one); may refuse it (403, 400). */
  received?(ctx: WriteContext, body: Record<string, unknown>): Record<string, unknown>;
  /**
   * The row to store from a create body, when it is more than the body plus company, state and version. Runs in
   * the write's transaction (`db`), so it may read other records (a participant's worker) to copy from them.
   */
  created?(ctx: WriteContext, body: Record<string, unknown>, db: Db): R | Promise<R>;
  /** The merged row of an update, when fields follow from others (a replaced file kept as the previous one). */
  merged?(ctx: WriteContext, merged: R, current: R, changed: readonly string[], db: Db): R | Promise<R>;
  /** Rules of the row about to be stored, after its references were checked: 400 or 409 with the module's message. */
  check?(ctx: WriteContext, db: Db, row: R, current: R | null): Promise<void>;
  /** Whether two values of a field are the same (a list of positions compared as a set). */
  same?(field: string, a: unknown, b: unknown): boolean;
  children?: readonly ChildList[];
  /** A delete names more than the id (a position's levels): a mismatch is not found. */
  deletable?(row: R): boolean;
  /**
   * What follows from the stored row in the same transaction (a contract's documents and accreditations): after a
   * create, an update or a delete has been stored and logged.
   */
  written?(ctx: WriteContext, db: Db, row: R): Promise<void>;
  /** Fields whose values together are unique among the company's active records: 409 with `code` otherwise. */
  unique?: readonly { fields: readonly string[]; message: string; code: string }[];
}

/** The unique fields of the row (those of a changed group, on an update) are not another active record's. */
async function checkUnique(
  ctx: WriteContext,
  db: Db,
  store: RecordStore<Row>,
  id: string,
  rules: RecordRules<Row>,
  row: Row,
  changed?: readonly string[],
) {
  for (const unique of rules.unique ?? []) {
    if (changed && !unique.fields.some((field) => changed.includes(field))) continue;
    const values = Object.fromEntries(unique.fields.map((field) => [field, row[field] ?? null]));
    if (await store.hasDuplicate!(db, ctx.company, values, id)) throw new HttpError(409, unique.message, unique.code);
  }
}

type WritableStore = RecordStore<Row> & Required<Pick<RecordStore<Row>, 'insert' | 'update'>>;

function storeOf(ctx: WriteContext, entity: AnyEntity): WritableStore {
  const store = ctx.records[entity.table as EntityTable] as unknown as RecordStore<Row>;
  if (!store.insert || !store.update)
    throw new Error(`${entity.table}: su módulo escribe sus registros; no pasan por las escrituras comunes`);
  return store as WritableStore;
}

async function conflict(ctx: WriteContext, db: Db, entity: AnyEntity, id: string, base: number, current: Row | null, body: unknown) {
  await recordConflict(
    db,
    {
      company: ctx.company,
      table: entity.table,
      id,
      baseVersion: base,
      serverVersion: current?.Version ?? 0,
      body,
      user: ctx.user,
      key: ctx.key,
    },
    ctx.now,
  );
  return { kind: 'conflict' as const, row: current };
}

/**
 * The stored row is also the change-log row: what a device pulls is exactly what the answer returns. A record that
 * left a contractor (its own, or the one of its parties) gets a tombstone for that contractor (SPEC PL7).
 */
export async function logRecord(
  ctx: WriteContext,
  db: Db,
  entity: AnyEntity,
  id: string,
  previous: Row | null,
  stored?: Row,
): Promise<Row> {
  const row = stored ?? (await storeOf(ctx, entity).load(db, ctx.company, id))!.row;
  const audience = audienceOf(entity, row);
  const worksite = await worksiteOfChange(db, ctx.company, entity.table, row);
  const was = previous ? await worksiteOfChange(db, ctx.company, entity.table, previous) : undefined;
  // PL14: a record that moves leaves the old worksite's devices as a removal, written before the row itself so a
  // device of both worksites (or of the whole company) ends holding it.
  const moved = was && worksite && (was.nivel2 !== worksite.nivel2 || was.nivel3 !== worksite.nivel3) && (was.nivel2 || was.nivel3);
  if (moved) {
    const removal = { company: ctx.company, table: entity.table, id, op: 'delete' as const, audience: audienceOf(entity, previous!), worksite: was };
    await recordChange(db, removal, ctx.now);
  }
  await recordChange(db, { company: ctx.company, table: entity.table, id, op: 'upsert', row, audience, worksite }, ctx.now);
  if (moved) await followWorker(ctx, db, entity, id, { from: was, to: worksite });
  // A contractor that no longer sees the record removes it from its devices.
  const after = contractorsOf(entity, row);
  for (const before of previous ? contractorsOf(entity, previous) : []) {
    if (after.includes(before)) continue;
    await recordChange(db, { company: ctx.company, table: entity.table, id, op: 'delete', audience: `revocar:${before}` }, ctx.now);
  }
  return row;
}

async function visibleRow(ctx: WriteContext, db: Db, entity: AnyEntity, rules: RecordRules<Row>, id: string) {
  const stored = await storeOf(ctx, entity).load(db, ctx.company, id);
  if (!stored || (rules.visible && !rules.visible(ctx.viewer, stored.row))) throw new HttpError(404, entity.messages.notFound);
  return stored;
}

/** A record created with the id its device made (OB3). The same id again under another key is a conflict (CF6). */
export function createRecord<E extends AnyEntity>(
  ctx: WriteContext,
  entity: E,
  body: Record<string, unknown>,
  rules: RecordRules<RowOf<E>> = {},
) {
  const own = rules as unknown as RecordRules<Row>;
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<RowOf<E> | null>> => {
    const store = storeOf(ctx, entity);
    const id = body[entity.id] as string;
    const owner = await store.companyOf(db, id);
    if (owner !== undefined) {
      const existing = owner === ctx.company ? await store.load(db, ctx.company, id) : undefined;
      const current = existing && (!own.visible || own.visible(ctx.viewer, existing.row)) ? existing.row : null;
      return (await conflict(ctx, db, entity, id, 0, current, body)) as WriteOutcome<RowOf<E> | null>;
    }
    const row = (await own.created?.(ctx, body, db)) ?? ({ ...body, IdEmpresa: ctx.company, Estado: 1, Version: 1 } as Row);
    if (entity.files)
      await requireFiles(
        db,
        ctx.company,
        entity.files(row).map((file) => file.Sha256),
      );
    await checkReferences(ctx.records, db, ctx.company, entity, row);
    await checkUnique(ctx, db, store, id, own, row);
    await own.check?.(ctx, db, row, null);
    const stored = await store.insert(db, row, '{}');
    const logged = (await logRecord(ctx, db, entity, id, null, stored ?? undefined)) as Row;
    await own.written?.(ctx, db, logged);
    return { kind: 'written', row: logged as RowOf<E> };
  });
}

/**
 * Only the fields the person changed, based on the Version they saw (CF2): merged field by field when stale (CF3),
 * a conflict when a changed field changed since or the record was deleted (CF4). Children are appended (CF5).
 */
export function updateRecord<E extends AnyEntity>(
  ctx: WriteContext,
  entity: E,
  id: string,
  sent: Record<string, unknown> & { Version: number },
  rules: RecordRules<RowOf<E>> = {},
) {
  const own = rules as unknown as RecordRules<Row>;
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<RowOf<E>>> => {
    const stored = await visibleRow(ctx, db, entity, own, id);
    const body: Record<string, unknown> & { Version: number } = { ...(own.received?.(ctx, sent) ?? sent), Version: sent.Version };
    const current = stored.row;
    if (entity.files)
      await requireFiles(
        db,
        ctx.company,
        entity.files(body as Partial<Row>).map((file) => file.Sha256),
      );
    const answer = (outcome: WriteOutcome<Row | null>) => outcome as WriteOutcome<RowOf<E>>;
    if (current.Estado === 0) return answer(await conflict(ctx, db, entity, id, sent.Version, current, sent));
    const same = (field: string) => (own.same ? own.same(field, body[field], current[field]) : !differs(body[field], current[field]));
    const changed = entity.fields.filter((field) => body[field] !== undefined && !same(field));
    const plan = planUpdate({ Version: current.Version, VersionesCampos: stored.fieldVersions }, body.Version, changed, entity.stateFields);
    if (plan.kind === 'conflict') return answer(await conflict(ctx, db, entity, id, sent.Version, current, sent));
    const children = (own.children ?? []).map((child) => ({
      field: child.field,
      ...mergeChildren(
        current[child.field] as never[],
        (body[child.field] as never[] | undefined) ?? [],
        child.idOf,
        child.merge as ((stored: never, sent: never) => never) | undefined,
      ),
    }));
    if (plan.kind === 'noop' && !children.some((child) => child.changed)) return { kind: 'unchanged', row: current as RowOf<E> };

    let merged: Row = { ...current, ...Object.fromEntries(changed.map((field) => [field, body[field]])) };
    for (const child of children) merged[child.field] = child.list;
    merged = (await own.merged?.(ctx, merged, current, changed, db)) ?? merged;
    await checkReferences(ctx.records, db, ctx.company, entity, merged, changed);
    await checkUnique(ctx, db, storeOf(ctx, entity), id, own, merged, changed);
    await own.check?.(ctx, db, merged, current);
    const versions = plan.kind === 'apply' ? plan : { version: current.Version + 1, fieldVersions: undefined };
    const fieldVersions = versions.fieldVersions ? JSON.stringify(versions.fieldVersions) : stored.fieldVersions;
    await storeOf(ctx, entity).update(db, { ...merged, Version: versions.version }, fieldVersions);
    const logged = (await logRecord(ctx, db, entity, id, current)) as Row;
    await own.written?.(ctx, db, logged);
    return { kind: 'written', row: logged as RowOf<E> };
  });
}

/** Soft delete (Estado 0) with a tombstone; deleting an already deleted record succeeds (CF5); a stale Version is a conflict. */
export function deleteRecord<E extends AnyEntity>(
  ctx: WriteContext,
  entity: E,
  id: string,
  base: number | undefined,
  rules: RecordRules<RowOf<E>> = {},
) {
  const own = rules as unknown as RecordRules<Row>;
  return inWriteTransaction(ctx.db, async (db): Promise<WriteOutcome<RowOf<E>>> => {
    const stored = await visibleRow(ctx, db, entity, own, id);
    const current = stored.row;
    if (own.deletable && !own.deletable(current)) throw new HttpError(404, entity.messages.notFound);
    if (current.Estado === 0) return { kind: 'unchanged', row: current as RowOf<E> };
    if (base !== undefined && base !== current.Version)
      return (await conflict(ctx, db, entity, id, base, current, { Estado: 0, Version: base })) as WriteOutcome<RowOf<E>>;
    await checkNotReferenced(ctx.records, db, ctx.company, entity, id);
    const deleted: Row = { ...current, Estado: 0, Version: current.Version + 1 };
    await storeOf(ctx, entity).update(db, deleted, stored.fieldVersions);
    const tombstone = { company: ctx.company, table: entity.table, id, op: 'delete' as const, audience: audienceOf(entity, current) };
    await recordChange(db, { ...tombstone, worksite: await worksiteOfChange(db, ctx.company, entity.table, current) }, ctx.now);
    await own.written?.(ctx, db, deleted);
    return { kind: 'written', row: deleted as RowOf<E> };
  });
}
