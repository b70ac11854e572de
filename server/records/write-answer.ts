import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import { conflictBody } from '../sync/conflicts.repo.ts';
import { IDEMPOTENCY_HEADER } from '#sync/outbox/sync-protocol.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import type { WriteOutcome } from './field-versions.ts';
import type { RecordRegistry } from './record-registry.ts';
import { type CommandAnswer, type CommandCall, saved } from '../commands/command.ts';

/** Who writes, for whom and under which Idempotency-Key: the company and user always come from the token. */
export interface WriteContext {
  db: Db;
  company: string;
  user: number;
  userName: string;
  viewer: Viewer;
  key: string | undefined;
  now: Date;
  /** Every entity's records, for references to other modules' records (never their modules' files). */
  records: RecordRegistry;
}

/** The write context of a command: the same as a route's, from the command's call. */
export function commandWriteContext(call: CommandCall): WriteContext {
  const { db, now, records } = call.deps;
  const { userId, company, userName, viewer } = call.session;
  return { db, company, user: userId, userName, viewer, key: call.key, now: now(), records };
}

/** A kit write's answer as a command gives it: the stored row, or 409 CONFLICTO with the server's row (see answerWrite). */
export function writeOutcomeAnswer<Row>(outcome: WriteOutcome<Row>, message: string): CommandAnswer {
  if (outcome.kind === 'conflict') return { status: 409, body: conflictBody(outcome.row) };
  return saved(message, outcome.row);
}

export function writeContext(c: Context<AppEnv>): WriteContext {
  const { db, now, records } = c.get('deps');
  const { userId, company, userName, viewer } = c.get('session');
  return { db, company, user: userId, userName, viewer, key: c.req.header(IDEMPOTENCY_HEADER), now: now(), records };
}

/**
 * `{ statusCode: 200, message, data }` with the stored row, or 409 CONFLICTO with the server's row. The conflict
 * is returned, not thrown, so its row commits and the idempotency ledger stores the 409 for replays (SPEC RP17).
 */
export function answerWrite<Row>(c: Context<AppEnv>, outcome: WriteOutcome<Row>, message: string) {
  if (outcome.kind === 'conflict') return c.json(conflictBody(outcome.row), 409);
  return c.json({ statusCode: 200 as const, message, data: outcome.row }, 200);
}
