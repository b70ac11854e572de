import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { engineOf } from '../db/engine.ts';
import { currentWriteScope, withinCompany } from '../db/write-scope.ts';

/**
 * On PostgreSQL, a request signed in to a company runs with that company's write scope: its transactions lock the
 * company, not every writer (server/db/write-scope.ts). Read from the token alone, before the session is checked:
 * a lock taken for a session that turns out closed only makes that company's writes wait a moment. A batch's
 * entries run inside the batch's scope already.
 */
export const companyWriteScope = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  if (currentWriteScope() !== undefined || engineOf(deps.db) !== 'postgres') return next();
  const header = c.req.header('Authorization') ?? '';
  const claims = header.startsWith('Bearer ') ? await deps.tokens.read(header.slice(7)) : null;
  if (!claims?.emp) return next();
  return withinCompany(claims.emp, next);
});
