import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { conflictBody } from '../sync/conflicts.repo.ts';
import { IDEMPOTENCY_HEADER } from '../sync/idempotency-ledger.ts';
import type { WriteOutcome } from './field-versions.ts';

/** The company and user come from the token, never from the body or the path. */
export function writeContext(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const claims = c.get('claims');
  return { db, company: claims.emp, user: claims.sub, key: c.req.header(IDEMPOTENCY_HEADER), now: now() };
}

/**
 * `{ statusCode: 200, message, data }` with the stored row, or 409 CONFLICTO with the server's row. The conflict
 * is returned, not thrown, so its row commits and the idempotency ledger stores the 409 for replays (SPEC RP17).
 */
export function answerWrite<Row>(c: Context<AppEnv>, outcome: WriteOutcome<Row>, message: string) {
  if (outcome.kind === 'conflict') return c.json(conflictBody(outcome.row), 409);
  return c.json({ statusCode: 200 as const, message, data: outcome.row }, 200);
}
