import { createMiddleware } from 'hono/factory';
import { AUTH_CODES, AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { inspectorSessionOpen } from './session-state.ts';

/** Who is asking on an inspector route: an inspector's account, never a company's user. */
export interface InspectorSession {
  IdFiscalizador: number;
  Correo: string;
}

/**
 * Every inspector route: a valid inspector token (`typ` fiscal) of an account that still exists, whose session is
 * still open. A company user's token is not one (its `typ` is another), so it is refused here as a missing session
 * is.
 */
export const requireInspector = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const { tokens, db } = c.get('deps');
  const read = token ? await tokens.read(token, 'fiscal') : null;
  // Outside any cache, like a company session (SPEC SE2, SE3).
  const claims = read && (await inspectorSessionOpen(db, read)) ? read : null;
  const account = claims
    ? await db.selectFrom('fiscalizadores').select(['IdFiscalizador', 'Correo', 'DebeCambiarContrasena']).where('IdFiscalizador', '=', claims.sub).executeTakeFirst()
    : undefined;
  if (!account || account.DebeCambiarContrasena) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
  c.set('claims', claims!);
  c.set('inspector', { IdFiscalizador: account.IdFiscalizador, Correo: account.Correo });
  await next();
});
