import { databaseVersion, type Db } from './database.ts';

const MAX_KEPT = 500;

interface Kept {
  version: number;
  until: number;
  value: Promise<unknown>;
}

/** Kept per database: two servers in one process (the API tests) never share a value. */
const keptByDb = new WeakMap<Db, Map<string, Kept>>();

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
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const found = kept.get(key);
  if (found && found.version === version && found.until > now) return found.value as Promise<T>;
  const value = compute();
  kept.delete(key);
  kept.set(key, { version, until: now + (options.keepMs ?? Infinity), value });
  // A failed computation is not kept: the next call computes again.
  value.catch(() => kept.get(key)?.value === value && kept.delete(key));
  // The oldest set first (a Map keeps insertion order): past the limit, stale ones go, then the oldest.
  if (kept.size > MAX_KEPT) {
    for (const [other, entry] of kept) if (entry.version !== version || entry.until <= now) kept.delete(other);
    for (const other of kept.keys()) {
      if (kept.size <= MAX_KEPT) break;
      kept.delete(other);
    }
  }
  return value;
}
