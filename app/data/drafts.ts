import type { Table } from 'dexie';
import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { DRAFT_KINDS, type DraftOf, type DraftTableName } from '#app/db/draft-row.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { type LocalFile, type LocalWrite, type localWrite, localWrites } from './local-write.ts';

/**
 * Drafts of every kind (SPEC DR1, IN1): every change is its own Dexie transaction that reads the draft, changes it
 * and writes it back, so two quick taps are applied one after the other and neither is lost. Drafts never touch the
 * outbox; finishing one queues its ONE write and locks it in the same transaction (SPEC IN2, DR).
 */

/** A refusal of a draft change, with the message to show. */
export class DraftError extends Error {
  override name = 'DraftError';
}

function draftTable<T extends DraftTableName>(db: AppDb, table: T): Table<DraftOf<T>, string> {
  return db[table] as unknown as Table<DraftOf<T>, string>;
}

/**
 * Applies one change to an open draft in its own transaction. `change` returns false when nothing changed (the
 * same answer twice), and then nothing is written. `files`: photos or signatures the change adds, stored with it.
 */
export async function changeDraft<T extends DraftTableName>(
  db: AppDb,
  table: T,
  id: string,
  change: (draft: DraftOf<T>) => boolean | void,
  files: readonly LocalFile[] = [],
): Promise<void> {
  const drafts = draftTable(db, table);
  await db.transaction('rw', [drafts, db.archivosDispositivo], async () => {
    const draft = await drafts.get(id);
    if (!draft) throw new DraftError(DRAFT_KINDS[table].notFound);
    if (draft.estado !== 'abierta') throw new DraftError(DRAFT_KINDS[table].finished);
    if (change(draft) === false) return;
    draft.actualizadoEn = Date.now();
    await Promise.all([
      drafts.put(draft),
      ...files.map((file) => db.archivosDispositivo.put({ sha256: file.sha256, type: file.type, bytes: file.bytes, creadoEn: Date.now() })),
    ]);
  });
}

/** What finishing a draft writes: the module's record write, the files it needs, and what else commits with it. */
export interface DraftFinishWrite<T extends DraftTableName> {
  write: Omit<LocalWrite, 'files' | 'also'>;
  /** Every file the write references: read from `archivosDispositivo`, uploaded before the record (FL3). */
  files: readonly FileRef[];
  /**
   * More records the draft finishes as, each its own outbox entry with its own files, queued after `write` in the
   * same transaction (SPEC DR7: a crew delivery is one acta per worker, never one record for everyone).
   */
  more?: readonly { write: Omit<LocalWrite, 'files' | 'also'>; files: readonly FileRef[] }[];
  /** More tables changed with the write (the inspection's observations), in its transaction. */
  tables?: string[];
  /** Changes of those tables; `finished` is the draft as it is locked (the module may add to it). */
  apply?(db: AppDb, finished: DraftOf<T>, entry: Promise<OutboxEntry>): Promise<void>;
}

export type FinishPlan<T extends DraftTableName, Problem> = { ok: true; finish: DraftFinishWrite<T> } | { ok: false; problems: Problem[] };

export type FinishResult<Problem> = { ok: true; id: string; alreadyFinished: boolean } | { ok: false; problems: Problem[] };

export const FINISH_RACE_MESSAGE = 'El borrador cambió mientras se finalizaba: vuelve a intentarlo';

class FinishRace extends Error {
  constructor(readonly finished: boolean) {
    super('finish race');
  }
}

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

/** Finishes running in this tab, per database; another tab is stopped by the check inside the transaction. */
const inFlight = new WeakMap<object, Map<string, Promise<FinishResult<unknown>>>>();

async function finishOnce<T extends DraftTableName, Problem>(
  table: T,
  id: string,
  plan: (draft: DraftOf<T>) => FinishPlan<T, Problem>,
  problem: (message: string) => Problem,
  device: FinishDevice,
): Promise<FinishResult<Problem>> {
  const { db } = device;
  const drafts = draftTable(db, table);
  const draft = await drafts.get(id);
  if (!draft) throw new DraftError(DRAFT_KINDS[table].notFound);
  if (draft.estado === 'finalizada') return { ok: true, id, alreadyFinished: true };
  const planned = plan(draft);
  if (!planned.ok) return planned;
  const { write, files: refs, more = [], tables = [], apply } = planned.finish;
  const unique = [...new Set([refs, ...more.map((extra) => extra.files)].flatMap((list) => list.map((ref) => ref.Sha256)))];
  const stored = await db.archivosDispositivo.bulkGet(unique);
  if (stored.some((file) => !file)) return { ok: false, problems: [problem(DRAFT_KINDS[table].fileMissing)] };
  const bytes = new Map(
    stored.map((file) => [file!.sha256, { sha256: file!.sha256, type: file!.type, bytes: file!.bytes } satisfies LocalFile]),
  );
  const filesOf = (list: readonly FileRef[]) => [...new Set(list.map((ref) => ref.Sha256))].map((sha) => bytes.get(sha)!);
  const changedAt = draft.actualizadoEn;
  const first: LocalWrite = {
    ...write,
    files: filesOf(refs),
    also: {
      tables: [table, ...tables],
      // Checked inside the write's transaction: a second finish (double tap, another tab) or a change made
      // since the draft was read aborts the whole transaction, so nothing is ever queued twice (SPEC IN2, DR7).
      apply: async (database, entry) => {
        const current = await draftTable(database, table).get(id);
        if (!current || current.estado !== 'abierta') throw new FinishRace(true);
        if (current.actualizadoEn !== changedAt) throw new FinishRace(false);
        const finished = { ...current, estado: 'finalizada', actualizadoEn: Date.now() } as DraftOf<T>;
        await apply?.(database, finished, entry);
        await draftTable(database, table).put(finished);
      },
    },
  };
  try {
    await localWrites([first, ...more.map((extra) => ({ ...extra.write, files: filesOf(extra.files) }))], device);
  } catch (error) {
    if (error instanceof FinishRace && error.finished) return { ok: true, id, alreadyFinished: true };
    throw error;
  }
  return { ok: true, id, alreadyFinished: false };
}

/**
 * Finishes a draft (SPEC IN2, DR): `plan` checks it with the rules the server applies and builds its one write;
 * when it passes, the write, its files and the locked draft commit in one transaction. Calling it again while it
 * runs, or after it finished, queues nothing more; a draft changed while it was read is read again.
 */
export function finishDraft<T extends DraftTableName, Problem>(
  table: T,
  id: string,
  plan: (draft: DraftOf<T>) => FinishPlan<T, Problem>,
  problem: (message: string) => Problem,
  device: FinishDevice = requireDevice(),
): Promise<FinishResult<Problem>> {
  const ofDb = inFlight.get(device.db) ?? new Map<string, Promise<FinishResult<unknown>>>();
  inFlight.set(device.db, ofDb);
  const key = `${table}:${id}`;
  const running = ofDb.get(key) as Promise<FinishResult<Problem>> | undefined;
  if (running) return running.then((result) => (result.ok ? { ...result, alreadyFinished: true } : result));
  const run = (async (): Promise<FinishResult<Problem>> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await finishOnce(table, id, plan, problem, device);
      } catch (error) {
        // The draft changed between reading it and the write (an answer still being saved): read it again.
        if (error instanceof FinishRace && attempt < 2) continue;
        if (error instanceof FinishRace) return { ok: false, problems: [problem(FINISH_RACE_MESSAGE)] };
        throw error;
      }
    }
  })().finally(() => ofDb.delete(key));
  ofDb.set(key, run);
  return run;
}

/** Photos and signatures still used by a draft of any kind or by a record kept on the device. */
async function filesInUse(db: AppDb): Promise<Set<string>> {
  const inUse = new Set<string>();
  for (const table of Object.keys(DRAFT_KINDS) as DraftTableName[]) {
    await draftTable(db, table).each((draft) => DRAFT_KINDS[table].files(draft as never).forEach((file) => inUse.add(file.Sha256)));
  }
  for (const entity of ENTITY_LIST) {
    if (!entity.files || !db.tables.some((table) => table.name === entity.table)) continue;
    await db.table(entity.table).each((row: Record<string, unknown>) => entity.files!(row).forEach((file) => inUse.add(file.Sha256)));
  }
  return inUse;
}

/**
 * Deletes a draft from the device on purpose, with the photos and signatures only it used (another draft or a
 * record on the device may share a file: those stay).
 */
export async function deleteDraft<T extends DraftTableName>(db: AppDb, table: T, id: string): Promise<void> {
  const drafts = draftTable(db, table);
  const fileTables = ENTITY_LIST.filter((entity) => entity.files).flatMap((entity) =>
    db.tables.filter((candidate) => candidate.name === entity.table),
  );
  const otherDrafts = (Object.keys(DRAFT_KINDS) as DraftTableName[]).map((name) => db.table(name));
  await db.transaction('rw', [...new Set([drafts, db.archivosDispositivo, ...otherDrafts, ...fileTables])], async () => {
    const draft = await drafts.get(id);
    if (!draft) return;
    await drafts.delete(id);
    const candidates = new Set(DRAFT_KINDS[table].files(draft as never).map((file) => file.Sha256));
    if (candidates.size === 0) return;
    const inUse = await filesInUse(db);
    await db.archivosDispositivo.bulkDelete([...candidates].filter((sha) => !inUse.has(sha)));
  });
}
