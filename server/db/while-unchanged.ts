import { databaseVersion, type Db } from './database.ts';

/** Values kept at once (a page of 500 workers is about 0.5 MB). */
const MAX_KEPT = 200;

interface Kept {
  until: number;
  value: Promise<unknown>;
}

/**
 * Per database (two servers in one process, the API tests, never share a value): the version the kept values were
 * computed at, and the values. Only the current version's are kept: the version only grows, so an older one's
 * values can never be given again and are dropped at the first call that sees a newer one.
 */
const keptByDb = new WeakMap<Db, { version: number; values: Map<string, Kept> }>();

export interface WhileUnchangedOptions {
  /** Also forget the value after this long: for values that depend on the clock as well as on the rows. */
  keepMs?: number;
  now?: number;
}

/**
 * `compute`'s result for `key`, computed once and given again while no row of the database has changed since
 * (`databaseVersion`), so it is always what computing it now would give. Inside a transaction it is always
 * computed: what the transaction sees may still roll back. `compute` must depend only on the rows and on `key`.
 */
export async function whileUnchanged<T>(db: Db, key: string, compute: () => Promise<T>, options: WhileUnchangedOptions = {}): Promise<T> {
  const version = databaseVersion(db);
  if (version === undefined) return compute();
  const now = options.now ?? Date.now();
  let kept = keptByDb.get(db);
  if (!kept || kept.version !== version) keptByDb.set(db, (kept = { version, values: new Map() }));
  const { values } = kept;
  const found = values.get(key);
  if (found && found.until > now) return found.value as Promise<T>;
  const value = compute();
  values.delete(key);
  values.set(key, { until: now + (options.keepMs ?? Infinity), value });
  // A failed computation is not kept: the next call computes again.
  value.catch(() => values.get(key)?.value === value && values.delete(key));
  // Past the limit the oldest set goes first (a Map keeps insertion order).
  for (const oldest of values.keys()) {
    if (values.size <= MAX_KEPT) break;
    values.delete(oldest);
  }
  return value;
}
