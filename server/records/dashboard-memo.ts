import type { Db } from '../db/database.ts';
import { whileUnchanged } from '../db/while-unchanged.ts';

/**
 * A dashboard page asks its indicators together, and most of them read the same figures (hours, people and
 * sessions by month): each figure set is computed once for the burst and shared, while no row has changed since and
 * for a few seconds at most (the figures also depend on today's date), so a dashboard never shows older data than a
 * fresh computation would.
 */
const KEEP_MS = 10_000;

/** `compute`'s result for `key` of `company`, computed once while the data stays as it is. */
export function sharedFigures<T>(db: Db, company: string, key: string, compute: () => Promise<T>): Promise<T> {
  return whileUnchanged(db, `figuras\u0000${company}\u0000${key}`, compute, { keepMs: KEEP_MS });
}
