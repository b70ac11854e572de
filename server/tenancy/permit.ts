import { createMiddleware } from 'hono/factory';
import { uniqueSymbol } from 'hono-openapi';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { PermissionAction } from '#sync/records/permissions.ts';
import type { AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * What a call requires, written into its OpenAPI operation as `x-permiso`: an action on a permission route (any of
 * several routes suffices), or only a session, or nothing. A test over /api/openapi.json refuses any operation
 * without it, so no route can forget to say who may call it.
 */
export type Access = { ruta: string | readonly string[]; accion: PermissionAction } | { acceso: 'sesion' | 'publico' };

function documented<Middleware extends object>(middleware: Middleware, access: Access): Middleware {
  // hono-openapi merges every documented middleware of a route into its operation.
  return Object.assign(middleware, { [uniqueSymbol]: { spec: { 'x-permiso': access } } });
}

/**
 * The actions some call checks, by permission route: what a role matrix offers beyond Ver, Crear, Editar and
 * Eliminar (an observation's Aprobar, an incident's Cerrar). Filled as the routes are built, so a module added
 * later offers its decisions in the matrix without anyone listing them.
 */
const declared = new Map<string, Set<PermissionAction>>();

export function declaredActions(route: string): ReadonlySet<PermissionAction> {
  return declared.get(route) ?? new Set();
}

/** The action `action` on `route` (or on any one of `route`s), checked against the session's role. */
export function permit(route: string | readonly string[], action: PermissionAction) {
  const routes: readonly string[] = typeof route === 'string' ? [route] : route;
  for (const candidate of routes) declared.set(candidate, (declared.get(candidate) ?? new Set()).add(action));
  const check = createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get('session');
    if (!routes.some((candidate) => session.can(candidate, action))) throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
    await next();
  });
  return documented(check, { ruta: route, accion: action });
}

/** The permission checks of one module, declared once: `const can = permissionsOf('/cargos')`, then `can('crear')`. */
export function permissionsOf(route: string | readonly string[]) {
  return (action: PermissionAction) => permit(route, action);
}

const passThrough = () => createMiddleware<AppEnv>(async (_c, next) => next());

/** Any signed-in user may call it (their own profile, the sync calls): it still runs behind `requireSession`. */
export function sessionOnly() {
  return documented(passThrough(), { acceso: 'sesion' });
}

/** Callable without a session (sign-in, recovery, health). */
export function publicCall() {
  return documented(passThrough(), { acceso: 'publico' });
}
