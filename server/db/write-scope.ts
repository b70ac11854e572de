import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a PostgreSQL transaction begun in this async context locks first (server/db/postgres.ts): a company's
 * writes take that company's lock, so each company's change-log sequence commits in order while companies write
 * in parallel; a reading transaction takes none; any other takes the one exclusive writer lock, as every
 * transaction did before several nodes. SQLite has one writer and ignores it.
 */
export type WriteScope = { kind: 'empresa'; company: string } | { kind: 'lectura' };

const scopes = new AsyncLocalStorage<WriteScope>();

export function currentWriteScope(): WriteScope | undefined {
  return scopes.getStore();
}

/** Runs `work` with transactions that lock `company` (and share the writer lock with other companies). */
export function withinCompany<T>(company: string, work: () => T): T {
  return scopes.run({ kind: 'empresa', company }, work);
}

/** Runs `work`, whose transactions only read, without any writer lock. */
export function readingOnly<T>(work: () => T): T {
  return scopes.run({ kind: 'lectura' }, work);
}
