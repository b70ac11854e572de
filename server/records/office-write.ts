import type * as v from 'valibot';
import type { PermissionAction } from '#sync/records/permissions.ts';
import type { CommandCall, CommandCheck } from '../commands/command.ts';
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
 * Runs an office command's write atomically: its rows, its audit entries and its mail record commit together with
 * the idempotency ledger's row (the write arrived through the outbox with its key, SPEC RP17), or none of them does.
 */
export function inOfficeWrite<T>({ deps, session }: CommandCall, work: (write: OfficeWrite) => Promise<T>): Promise<T> {
  const { company, userId, userName } = session;
  return inWriteTransaction(deps.db, (db) =>
    work({ db, company, author: { id: userId, name: userName }, now: deps.now(), mailer: deps.mailer, files: deps.files.withDb(db) }),
  );
}

/**
 * The checks of an office call, in its routes' order: its path and company (when it has a path to check), the
 * permission, then company users only (a contractor's or client's user never manages who may sign in).
 */
export function officeChecks(route: string, action: PermissionAction, path?: v.GenericSchema): CommandCheck[] {
  const where: CommandCheck[] = path ? [{ kind: 'param', schema: path }, { kind: 'ownCompany' }] : [];
  return [...where, { kind: 'access', route, action }, { kind: 'companyUsers' }];
}
