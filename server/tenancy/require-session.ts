import { createMiddleware } from 'hono/factory';
import { AUTH_CODES, AUTH_MESSAGES, type PermissionAction } from '#sync/schemas/auth.schema.ts';
import type { AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { findUser, roleAllows } from '../modules/auth/auth.repo.ts';

/** Every protected route: a valid session token, from which the company of every query is taken. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const claims = token ? await c.get('deps').tokens.read(token) : null;
  if (!claims) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
  c.set('claims', claims);
  await next();
});

/**
 * A `{company}` path parameter must be the token's company. The parameter never chooses the company;
 * it is only checked, so a user of company A cannot reach company B by editing a URL.
 */
export const requireOwnCompany = createMiddleware<AppEnv>(async (c, next) => {
  const company = c.req.param('company');
  if (company !== undefined && company !== c.get('claims').emp) {
    throw new HttpError(403, AUTH_MESSAGES.forbiddenCompany, 'EMPRESA_AJENA');
  }
  await next();
});

/** Permissions are data (role -> submodule route -> actions), checked on the server for every call. */
export function requirePermission(route: string, action: PermissionAction) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db } = c.get('deps');
    const claims = c.get('claims');
    const user = await findUser(db, claims.emp, claims.sub);
    if (!user || !user.Habilitado) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
    if (!(await roleAllows(db, user.IdRol, route, action))) {
      throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
    }
    await next();
  });
}
