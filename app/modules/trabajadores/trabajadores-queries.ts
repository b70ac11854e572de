import { Dexie } from 'dexie';
import type { AppDb } from '#app/db/app-db.ts';
import { type LocalTrabajador, searchWords } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** The contractor filter's value for the company's own workers (no contractor RUT). */
export const OWN_WORKERS = 'empresa';

export interface WorkerFilters {
  search: string;
  nv2: string;
  nv3: string;
  cargo: string;
  /** '', OWN_WORKERS, or a contractor RUT. */
  contractor: string;
}

export const NO_FILTERS: WorkerFilters = { search: '', nv2: '', nv3: '', cargo: '', contractor: '' };

type IndexedFilter = { index: string; value: string };

/**
 * Ids of the matching workers in list order, from the indexes only: one indexed filter gives the order, the
 * others and every search word narrow it as key sets. No worker row is read here.
 */
async function matchingIds(db: AppDb, filters: WorkerFilters): Promise<string[]> {
  const ordered: IndexedFilter[] = [];
  if (filters.nv3) ordered.push({ index: '[IdNivel3+orden]', value: filters.nv3 });
  if (filters.nv2) ordered.push({ index: '[IdNivel2+orden]', value: filters.nv2 });

  const [lead, ...rest] = ordered;
  const base = lead
    ? await db.trabajadores.where(lead.index).between([lead.value, Dexie.minKey], [lead.value, Dexie.maxKey]).primaryKeys()
    : await db.trabajadores.orderBy('orden').primaryKeys();

  const sets: Set<string>[] = [];
  for (const filter of rest) {
    sets.push(
      new Set(await db.trabajadores.where(filter.index).between([filter.value, Dexie.minKey], [filter.value, Dexie.maxKey]).primaryKeys()),
    );
  }
  if (filters.contractor && filters.contractor !== OWN_WORKERS)
    sets.push(new Set(await db.trabajadores.where('RutContratista').equals(filters.contractor).primaryKeys()));
  if (filters.cargo) sets.push(new Set(await db.trabajadores.where('cargos').equals(filters.cargo).primaryKeys()));
  for (const word of searchWords(filters.search))
    sets.push(new Set(await db.trabajadores.where('palabras').startsWith(word).primaryKeys()));

  // A contractor's worker carries the contractor's RUT (only those are in the index); the company's own carry none.
  const contractors = filters.contractor === OWN_WORKERS ? new Set(await db.trabajadores.orderBy('RutContratista').primaryKeys()) : null;
  // Smallest set first: most ids fail the first lookup.
  sets.sort((a, b) => a.size - b.size);
  return base.filter((id) => !contractors?.has(id) && sets.every((set) => set.has(id)));
}

export function useWorkerIds(filters: WorkerFilters): string[] | undefined {
  return useDbQuery((db) => matchingIds(db, filters), [filters.search, filters.nv2, filters.nv3, filters.cargo, filters.contractor]);
}

export interface WorkerWindow {
  start: number;
  rows: (LocalTrabajador | undefined)[];
}

/** The rows of one window of the list, read by key. */
export function useWorkerWindow(ids: string[] | undefined, start: number, end: number): WorkerWindow | undefined {
  return useDbQuery(async (db) => ({ start, rows: await db.trabajadores.bulkGet((ids ?? []).slice(start, end)) }), [ids, start, end]);
}

export function useContractorRuts(): string[] | undefined {
  return useDbQuery(async (db) => (await db.trabajadores.orderBy('RutContratista').uniqueKeys()) as string[], []);
}

/** Another worker on the device with this RUT (the server has the final word: RUT_DUPLICADO). */
export async function findWorkerByRun(db: AppDb, run: string, exceptId: string | undefined): Promise<LocalTrabajador | undefined> {
  const matches = await db.trabajadores.where('palabras').equals(run.replace(/[.-]/g, '').toLowerCase()).toArray();
  return matches.find((worker) => worker.RunPersona === run && worker.IdPersona !== exceptId);
}
