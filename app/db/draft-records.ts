import type { Table } from 'dexie';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { AppDb } from './app-db.ts';
import { DRAFT_KINDS, type DraftTableName } from './draft-row.ts';

const DRAFT_TABLES = Object.keys(DRAFT_KINDS) as DraftTableName[];

/** Every draft table of the device database. */
export function draftTables(db: AppDb): Table[] {
  return DRAFT_TABLES.map((table) => db.table(table));
}

/** The records the person's drafts name (their workers), by record key: a new download keeps them (SPEC PL15). */
export async function recordsInDrafts(db: AppDb): Promise<Set<string>> {
  const named = new Set<string>();
  for (const table of DRAFT_TABLES) {
    const drafts = await db.table(table).toArray();
    for (const draft of drafts) {
      for (const worker of DRAFT_KINDS[table].workers(draft as never)) if (worker) named.add(recordKeyOf('trabajadores', worker));
    }
  }
  return named;
}
