import { eppAsignacionEntity } from '#sync/schemas/epp-asignaciones.schema.ts';
import { eppSolicitudEntity } from '#sync/schemas/epp-solicitudes.schema.ts';
import { eppTipoEntity } from '#sync/schemas/epp-tipos.schema.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { eppEntregasStore } from './epp-entregas.store.ts';
import { eppVerificacionRoutes } from './epp-verificacion.routes.ts';
import { eppRoutes } from './epp.routes.ts';
import { eppWorkerRecords } from './worker-records.ts';

/** EPP requests: a contractor user lists its own workers' (the entity's audience); a client user none. */
const eppSolicitudesStore = ((): RecordRegistry['epp_solicitudes'] => {
  const store = sqlRecordStore(eppSolicitudEntity, { orderBy: ['Fecha'] });
  return { ...store, listActive: async (db, company, viewer) => (viewer.kind === 'cliente' ? [] : store.listActive(db, company, viewer)) };
})();

export default defineServerModule({
  stores: {
    epp_tipos: sqlRecordStore(eppTipoEntity, { orderBy: ['NombreEpp'] }),
    epp_asignaciones: sqlRecordStore(eppAsignacionEntity, { orderBy: [] }),
    epp_entregas: { ...eppEntregasStore, workerRecords: eppWorkerRecords },
    epp_solicitudes: eppSolicitudesStore,
  },
  routes: [
    { base: eppTipoEntity.api.base, routes: eppRoutes },
    // The public verification of sealed actas (no session): its own base, outside every module's session guard.
    { base: '/api/verificar', routes: eppVerificacionRoutes },
  ],
});
