import type { Table } from 'dexie';
import type { AppDb } from '#app/db/app-db.ts';
import { DRAFT_KINDS, type DraftKind, type DraftRow, type DraftTableName } from '#app/db/draft-row.ts';
import type { DexieOutboxStore } from '#app/sync/dexie-outbox-store.ts';

type DraftNoun = Pick<DraftKind<never>, 'one' | 'many'>;

/** The person's work not yet on the server: queued and refused writes (SPEC OB10) and open drafts (SPEC DR2). */
export interface UnsavedWork {
  writes: number;
  drafts: { table: DraftTableName; noun: DraftNoun; count: number }[];
}

export async function readUnsavedWork(db: AppDb, store: DexieOutboxStore): Promise<UnsavedWork> {
  const [counts, drafts] = await Promise.all([
    store.counts(),
    Promise.all(
      (Object.keys(DRAFT_KINDS) as DraftTableName[]).map(async (table) => ({
        table,
        noun: DRAFT_KINDS[table],
        count: await (db[table] as Table<DraftRow>).where('estado').equals('abierta').count(),
      })),
    ),
  ]);
  return { writes: counts.queued + counts.dead, drafts: drafts.filter((kind) => kind.count > 0) };
}

export function hasUnsavedWork(work: UnsavedWork): boolean {
  return work.writes > 0 || work.drafts.length > 0;
}

function counted(count: number, noun: DraftNoun): string {
  return `${count} ${count === 1 ? noun.one : noun.many}`;
}

function joinedList(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

/** The warning before signing out (SPEC OB10, DR3): how many of what, and that it stays for this person only. */
export function unsavedWorkWarning(work: UnsavedWork): string {
  const parts = work.drafts.map((kind) => counted(kind.count, kind.noun));
  if (work.writes > 0) parts.push(counted(work.writes, { one: 'cambio sin sincronizar', many: 'cambios sin sincronizar' }));
  const after =
    work.drafts.length > 0
      ? 'los encontrarás al volver a iniciar sesión con tu cuenta; nadie más que inicie sesión aquí los verá'
      : 'se enviarán cuando vuelvas a iniciar sesión';
  return `Tienes ${joinedList(parts)}. Se guardarán en este dispositivo y ${after}.`;
}
