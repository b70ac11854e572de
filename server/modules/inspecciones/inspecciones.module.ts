import { inspeccionEntity } from '#sync/schemas/inspecciones.schema.ts';
import type { OverdueRule } from '#server/records/overdue-lights.ts';
import { defineServerModule } from '#server/server-module.ts';
import { inspeccionesRoutes } from './inspecciones.routes.ts';
import { inspeccionesStore, observacionesStore } from './inspecciones.store.ts';
import { observationsOverdue } from './overdue-lights.ts';
import { inspeccionesWorkerRecords } from './worker-records.ts';

export default defineServerModule({
  stores: { inspecciones: { ...inspeccionesStore, workerRecords: inspeccionesWorkerRecords }, observaciones: observacionesStore },
  routes: [{ base: inspeccionEntity.api.base, routes: inspeccionesRoutes }],
  overdue: [observationsOverdue as OverdueRule<never>],
});
