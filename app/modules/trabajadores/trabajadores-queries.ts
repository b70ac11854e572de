import { Dexie } from 'dexie';
import { useMemo } from 'react';
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

/**
 * Up to this many workers under one search word are read as rows and ordered here; past it, reading the whole list
 * order from its index (every worker's key) costs less than reading their rows.
 */
export const FEW_MATCHES = 500;

/** The list order: the `orden` index's, which compares strings by code unit and breaks ties by primary key. */
function byListOrder(a: LocalTrabajador, b: LocalTrabajador): number {
  if (a.orden !== b.orden) return a.orden < b.orden ? -1 : 1;
  return a.IdPersona < b.IdPersona ? -1 : a.IdPersona > b.IdPersona ? 1 : 0;
}

/** The filters as the indexes apply them: a row missing from an index (no contractor RUT, no level) never matches it. */
function passesFilters(row: LocalTrabajador, filters: WorkerFilters): boolean {
  if (typeof row.orden !== 'string') return false;
  if (filters.nv3 && row.IdNivel3 !== filters.nv3) return false;
  if (filters.nv2 && row.IdNivel2 !== filters.nv2) return false;
  if (filters.cargo && !row.cargos.includes(filters.cargo)) return false;
  if (filters.contractor === OWN_WORKERS) return typeof row.RutContratista !== 'string';
  return !filters.contractor || row.RutContratista === filters.contractor;
}

/**
 * The search when one of its words starts few workers' words (a RUT, most of a surname): those rows, narrowed by
 * the other words and the filters, in list order. Null when every word is common: the caller reads the whole order.
 */
async function fewMatchingIds(db: AppDb, filters: WorkerFilters, words: string[]): Promise<string[] | null> {
  const underWord = (word: string) => db.trabajadores.where('palabras').startsWith(word);
  const hits = await Promise.all(words.map((word) => underWord(word).limit(FEW_MATCHES + 1).primaryKeys()));
  // The limit counts index entries, not workers (two words under one prefix are two entries): under it, a list is whole.
  const fewest = hits.filter((keys) => keys.length <= FEW_MATCHES).sort((a, b) => a.length - b.length)[0];
  if (!fewest) return null;
  const rows = await db.trabajadores.bulkGet([...new Set(fewest)]);
  return rows
    .filter((row): row is LocalTrabajador => row !== undefined)
    .filter((row) => words.every((word) => row.palabras.some((part) => part.startsWith(word))) && passesFilters(row, filters))
    .sort(byListOrder)
    .map((row) => row.IdPersona);
}

/**
 * What narrows the whole list order: the answer itself when a search word is rare, otherwise the key sets a listed
 * id must be in (`within`) and the one it must not be in (`without`).
 */
type Narrowing = { ids: string[] } | { within: Set<string>[]; without: Set<string> | null };

/** Every worker under one level, from its `[IdNivelN+orden]` index. */
function inLevel(db: AppDb, index: '[IdNivel2+orden]' | '[IdNivel3+orden]', level: string): Promise<string[]> {
  return db.trabajadores.where(index).between([level, Dexie.minKey], [level, Dexie.maxKey]).primaryKeys();
}

/** The filters and search words as key sets read from the indexes, or the whole answer when a word is rare. */
async function narrowingOf(db: AppDb, filters: WorkerFilters): Promise<Narrowing> {
  const words = searchWords(filters.search);
  const few = words.length > 0 ? await fewMatchingIds(db, filters, words) : null;
  if (few) return { ids: few };

  const index = db.trabajadores;
  const reads: Promise<string[]>[] = [];
  if (filters.nv3) reads.push(inLevel(db, '[IdNivel3+orden]', filters.nv3));
  if (filters.nv2) reads.push(inLevel(db, '[IdNivel2+orden]', filters.nv2));
  if (filters.contractor && filters.contractor !== OWN_WORKERS)
    reads.push(index.where('RutContratista').equals(filters.contractor).primaryKeys());
  if (filters.cargo) reads.push(index.where('cargos').equals(filters.cargo).primaryKeys());
  for (const word of words) reads.push(index.where('palabras').startsWith(word).primaryKeys());
  // A contractor's worker carries the contractor's RUT (only those are in the index); the company's own carry none.
  const contractors = filters.contractor === OWN_WORKERS ? index.orderBy('RutContratista').primaryKeys() : null;
  const [within, without] = await Promise.all([Promise.all(reads), contractors]);
  // Smallest set first: most ids fail the first lookup.
  return { within: within.map((keys) => new Set(keys)).sort((a, b) => a.size - b.size), without: without ? new Set(without) : null };
}

/** The listed ids: the whole order (every worker by `orden`) narrowed. */
function narrowed(order: string[], narrowing: Narrowing): string[] {
  if ('ids' in narrowing) return narrowing.ids;
  const { within, without } = narrowing;
  if (within.length === 0 && !without) return order;
  return order.filter((id) => !without?.has(id) && within.every((set) => set.has(id)));
}

/** Ids of the matching workers in list order, in one read. */
export async function matchingIds(db: AppDb, filters: WorkerFilters): Promise<string[]> {
  return narrowed(await db.trabajadores.orderBy('orden').primaryKeys(), await narrowingOf(db, filters));
}

/**
 * Ids of the matching workers in list order. The whole order is its own live query, read again only when the workers
 * change: a keystroke reads only what the search and the filters narrow it with.
 */
export function useWorkerIds(filters: WorkerFilters): string[] | undefined {
  const order = useDbQuery((db) => db.trabajadores.orderBy('orden').primaryKeys(), []);
  const { search, nv2, nv3, cargo, contractor } = filters;
  const narrowing = useDbQuery((db) => narrowingOf(db, { search, nv2, nv3, cargo, contractor }), [search, nv2, nv3, cargo, contractor]);
  return useMemo(() => {
    if (narrowing && 'ids' in narrowing) return narrowing.ids;
    return order && narrowing ? narrowed(order, narrowing) : undefined;
  }, [order, narrowing]);
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
