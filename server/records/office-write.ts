import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import type { Mailer } from '../mail/mailer.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import type { AuditAuthor } from './office-audit-log.ts';

/** A write of office data (a user, a role, a contractor company, a client), inside its one transaction. */
export interface OfficeWrite {
  /** The write's transaction: every query of the write uses it (the one SQLite connection is held). */
  db: Db;
  company: string;
  author: AuditAuthor;
  now: Date;
  mailer: Mailer;
  files: FileStore;
}

/**
 * Runs an office write atomically: its rows, its audit entries and its mail record commit together with the
 * idempotency ledger's row (the write arrived through the outbox with its key, SPEC RP17), or none of them does.
 */
export function inOfficeWrite<T>(c: Context<AppEnv>, work: (write: OfficeWrite) => Promise<T>): Promise<T> {
  const deps = c.get('deps');
  const { company, userId, userName } = c.get('session');
  return inWriteTransaction(deps.db, (db) =>
    work({ db, company, author: { id: userId, name: userName }, now: deps.now(), mailer: deps.mailer, files: deps.files.withDb(db) }),
  );
}
