import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { catalogosRoutes } from './catalogos.routes.ts';
import { incidentesDashboardRoutes } from './dashboard.routes.ts';
import { registroRoutes } from './incidentes.routes.ts';
import { informeRoutes } from './informe.routes.ts';
import { listasRoutes } from './listas.routes.ts';

/** Every call of the module under /api/accidentes (the spec's module base): cases, lists, catalogues, report, dashboard. */
export const accidentesRoutes = new Hono<AppEnv>().route('/', incidentesDashboardRoutes).route('/', registroRoutes).route('/', listasRoutes).route('/', catalogosRoutes).route('/', informeRoutes);
