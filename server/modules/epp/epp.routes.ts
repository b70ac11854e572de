import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { eppAsignacionEntregasRoutes } from './epp-asignacion-entregas.routes.ts';
import { eppAsignacionRoutes } from './epp-asignacion.routes.ts';
import { eppConsultasRoutes } from './consultas.routes.ts';
import { eppDashboardRoutes } from './dashboard.routes.ts';
import { eppActaAnnulRoutes, eppEntregasRoutes } from './epp-entregas.routes.ts';
import { eppListasRoutes } from './epp-listas.routes.ts';
import { eppSolicitudesDespachoRoutes, eppSolicitudesRoutes } from './epp-solicitudes.routes.ts';
import { eppTiposRoutes } from './epp-tipos.routes.ts';

/** Every call of the EPP module under /api/epp: catalogue, assignments, the lists they pick from, and the actas. */
export const eppRoutes = new Hono<AppEnv>()
  .route('/', eppDashboardRoutes)
  .route('/', eppTiposRoutes)
  .route('/', eppAsignacionEntregasRoutes)
  .route('/', eppAsignacionRoutes)
  .route('/', eppListasRoutes)
  .route('/', eppActaAnnulRoutes)
  .route('/', eppEntregasRoutes)
  .route('/', eppConsultasRoutes)
  .route('/', eppSolicitudesDespachoRoutes)
  .route('/', eppSolicitudesRoutes);
