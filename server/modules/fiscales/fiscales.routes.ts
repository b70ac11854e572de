import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { cuentaRoutes } from './cuenta.routes.ts';
import { portalRoutes } from './portal.routes.ts';

/**
 * The inspector portal's API (`/api/fiscales`): the account (registration, sign-in, recovery; public but for the
 * session check) and the search (inspector session only). No company route is mounted here and no inspector route
 * elsewhere, so the two kinds of session never meet.
 */
export const fiscalesRoutes = new Hono<AppEnv>().route('/', cuentaRoutes).route('/', portalRoutes);
