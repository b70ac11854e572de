import type { EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import type { Db } from '../db/database.ts';
import { logRecord } from './record-writes.ts';
import type { RecordStore } from './record-store.ts';
import type { WriteContext } from './write-answer.ts';

type Stored = Record<string, unknown> & { IdEmpresa: string; Estado: number; Version: number };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
  const store = ctx.records[entity.table as EntityTable] as unknown as RecordStore<Stored>;
  if (!store.insert || !store.update) throw new Error(`${entity.table}: su módulo escribe sus registros`);
  const id = String((next as Record<string, unknown>)[entity.id]);
  const found = await store.load(db, ctx.company, id);
  if (found && Object.entries(next).every(([field, value]) => same(found.row[field], value))) return found.row as RowOf<E>;
  if (!found) await store.insert(db, { ...next, Version: 1 } as Stored, '{}');
  else await store.update(db, { ...found.row, ...next, Version: found.row.Version + 1 } as Stored, found.fieldVersions);
  return (await logRecord(ctx, db, entity, id, found?.row ?? null)) as RowOf<E>;
}
