import { createMiddleware } from 'hono/factory';
import { AUTH_CODES, AUTH_MESSAGES, type PermissionAction } from '#sync/schemas/auth.schema.ts';
import type { AppEnv } from '../../app-env.ts';
import { HttpError } from '../../http/http-error.ts';
import { findUser, roleAllows } from '../auth/auth.repo.ts';

/**
 * Like `requirePermission`, satisfied by any one of the routes. Templates are read by whoever manages them and by
 * whoever fills or follows inspections (a supervisor has no Formularios menu, yet needs the templates to inspect).
 */
export function requireAnyPermission(routes: readonly string[], action: PermissionAction) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db } = c.get('deps');
    const claims = c.get('claims');
    const user = await findUser(db, claims.emp, claims.sub);
    if (!user || !user.Habilitado) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
    for (const route of routes) if (await roleAllows(db, user.IdRol, route, action)) return next();
    throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
  });
}

/** Who may read templates: their managers, and the people who inspect or follow observations. */
export const TEMPLATE_READERS = ['/formularios', '/inspecciones', '/observaciones'] as const;
