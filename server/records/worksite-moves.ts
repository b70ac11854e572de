import { sql } from 'kysely';
import { ENTITY_LIST, type EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { namesOwnWorksite, type WorksiteLevels } from '#sync/records/worksites.ts';
import type { Db } from '../db/database.ts';
import { recordChange } from '../sync/change-log.repo.ts';
import { audienceOf } from './record-audience.ts';
import type { RecordStore } from './record-store.ts';
import type { WriteContext } from './write-answer.ts';

/** The records that follow one worker to another worksite (an acta is where its worker is, SPEC PL16). */
const FOLLOWERS = ENTITY_LIST.flatMap((entity) => {
  const { worksite } = entity;
  return worksite && !namesOwnWorksite(worksite) && worksite.movesWith ? [{ entity, field: worksite.movesWith }] : [];
});

/**
 * PL14 for the records of a worker who moved: each leaves the old worksite's devices as a removal and reaches the new
 * one's, in the same transaction as the worker's own change.
 */
export async function followWorker(
  ctx: WriteContext,
  db: Db,
  moved: AnyEntity,
  id: string,
  move: { from: WorksiteLevels; to: WorksiteLevels },
): Promise<void> {
  if (moved.table !== 'trabajadores') return;
  for (const { entity, field } of FOLLOWERS) {
    const store = ctx.records[entity.table as EntityTable] as unknown as RecordStore<Record<string, unknown>>;
    const found = await sql<{ id: string }>`SELECT ${sql.ref(entity.id)} AS id FROM ${sql.table(entity.table)}
      WHERE ${sql.ref('IdEmpresa')} = ${ctx.company} AND ${sql.ref(field)} = ${id}`.execute(db);
    for (const { id: recordId } of found.rows) {
      const row = (await store.load(db, ctx.company, recordId))?.row;
      if (!row || row.Estado === 0) continue;
      const change = { company: ctx.company, table: entity.table, id: recordId, audience: audienceOf(entity, row) };
      await recordChange(db, { ...change, op: 'delete', worksite: move.from }, ctx.now);
      await recordChange(db, { ...change, op: 'upsert', row, worksite: move.to }, ctx.now);
    }
  }
}
