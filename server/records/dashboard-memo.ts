import type { Db } from '../db/database.ts';

/**
 * A dashboard page asks its indicators together, and most of them read the same figures (hours, people and
 * sessions by month): each figure set is computed once for the burst and shared. A kept result is used only while
 * the company's data has not changed since (its newest change-log row: every write leaves one, SPEC PL2) and for
 * a few seconds at most, so a dashboard never shows older data than a fresh computation would.
 */
const KEEP_MS = 10_000;
const MAX_KEPT = 200;

interface Kept {
  version: number;
  until: number;
  value: Promise<unknown>;
}

/** Kept per database: two servers in one process (the API tests) never share a figure. */
const keptByDb = new WeakMap<Db, Map<string, Kept>>();

/** The position of the company's newest change: it moves with every write of any of its records. */
async function dataVersion(db: Db, company: string): Promise<number> {
  const row = await db.selectFrom('cambios').select((eb) => eb.fn.max('Seq').as('seq')).where('IdEmpresa', '=', company).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** `compute`'s result for `key` of `company`, computed once while the company's data stays as it is. */
export async function sharedFigures<T>(db: Db, company: string, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const version = await dataVersion(db, company);
  const name = `${company}\u0000${key}`;
  const found = kept.get(name);
  if (found && found.version === version && found.until > now) return found.value as Promise<T>;
  const value = compute();
  kept.set(name, { version, until: now + KEEP_MS, value });
  // A failed computation is not kept: the next call computes again.
  value.catch(() => kept.get(name)?.value === value && kept.delete(name));
  if (kept.size > MAX_KEPT) {
    for (const [other, entry] of kept) if (entry.until <= now || kept.size > MAX_KEPT) kept.delete(other);
  }
  return value;
}
