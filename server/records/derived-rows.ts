import type { EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import type { Db } from '../db/database.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { worksiteOfChange } from '../tenancy/record-worksites.ts';
import { audienceOf } from './record-audience.ts';
import { logRecord } from './record-writes.ts';
import type { RecordStore } from './record-store.ts';
import type { WriteContext } from './write-answer.ts';

type Stored = Record<string, unknown> & { IdEmpresa: string; Estado: number; Version: number };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function storeOf(ctx: WriteContext, entity: AnyEntity): RecordStore<Stored> {
  const store = ctx.records[entity.table as EntityTable] as unknown as RecordStore<Stored>;
  if (!store.insert || !store.update) throw new Error(`${entity.table}: su módulo escribe sus registros`);
  return store;
}

/**
 * Stores a row the server derives from another record (a contract's document, an asset's certificate that moves with
 * it) when it is new or differs from the stored one, with its change-log row, in the caller's transaction. The
 * change log is written by `logRecord`, so a row that changes worksite or contractor leaves the old devices (PL14,
 * PL7). The stored field versions are kept: a person's stale edit of the row still merges or conflicts as before.
 */
export async function keepDerivedRow<E extends AnyEntity>(
  ctx: WriteContext,
  db: Db,
  entity: E,
  next: Omit<RowOf<E>, 'Version'>,
): Promise<RowOf<E>> {
  const store = storeOf(ctx, entity);
  const id = String((next as Record<string, unknown>)[entity.id]);
  const found = await store.load(db, ctx.company, id);
  if (found && Object.entries(next).every(([field, value]) => same(found.row[field], value))) return found.row as RowOf<E>;
  if (!found) await store.insert!(db, { ...next, Version: 1 } as Stored, '{}');
  else await store.update!(db, { ...found.row, ...next, Version: found.row.Version + 1 } as Stored, found.fieldVersions);
  return (await logRecord(ctx, db, entity, id, found?.row ?? null)) as RowOf<E>;
}

/**
 * Removes a derived row that no longer holds (a worker or vehicle taken out of its contract), with its removal in the
 * change log for the devices of its worksite and audience, in the caller's transaction. Already removed, nothing.
 */
export async function dropDerivedRow(ctx: WriteContext, db: Db, entity: AnyEntity, id: string): Promise<void> {
  const store = storeOf(ctx, entity);
  const found = await store.load(db, ctx.company, id);
  if (!found || found.row.Estado === 0) return;
  await store.update!(db, { ...found.row, Estado: 0, Version: found.row.Version + 1 }, found.fieldVersions);
  const worksite = await worksiteOfChange(db, ctx.company, entity.table, found.row);
  const removal = { company: ctx.company, table: entity.table, id, op: 'delete' as const, audience: audienceOf(entity, found.row), worksite };
  await recordChange(db, removal, ctx.now);
}
