import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { creadasRoutes } from './creadas.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { detallesRoutes } from './detalles.routes.ts';
import { informesRoutes } from './informes.routes.ts';
import { programaRoutes } from './programa.routes.ts';
import { tiposRoutes } from './tipos.routes.ts';

/**
 * Every call of the trainings module under /api/capacitaciones (spec part 2, "Trainings"), each behind the session
 * check (read once per request, however many of the mounted route groups declare it).
 */
export const capacitacionesRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route('/', tiposRoutes)
  .route('/', programaRoutes)
  .route('/', creadasRoutes)
  .route('/', detallesRoutes)
  .route('/', informesRoutes)
  .route('/', dashboardRoutes);
