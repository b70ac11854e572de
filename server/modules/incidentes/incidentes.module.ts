import { dotacionEntity } from '#sync/schemas/dotaciones.schema.ts';
import { ACCIDENT_CATALOGUES, type AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import { medidaControlEntity } from '#sync/schemas/medidas-control.schema.ts';
import type { OverdueRule } from '#server/records/overdue-lights.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { accidentesRoutes } from './accidentes.routes.ts';
import { dotacionesRoutes } from './dotaciones.routes.ts';
import { measuresOverdue } from './medidas.repo.ts';
import { incidentesWorkerRecords } from './worker-records.ts';

/** The accident catalogues, each a table of the family's shape, listed by name. */
const catalogueStores = Object.fromEntries(
  Object.values(ACCIDENT_CATALOGUES).map((entity) => [entity.table, sqlRecordStore(entity, { orderBy: ['Info'] })]),
) as { [T in AccidentCatalogueTable]: RecordRegistry[T] };

/** Headcount rows: a contractor user lists its own (the entity's audience); a client user none (they name no client). */
const dotacionesStore = ((): RecordRegistry['dotaciones'] => {
  const store = sqlRecordStore(dotacionEntity, { orderBy: ['Mes', 'IdNivel2', 'IdNivel3', 'RutContratista'] });
  return { ...store, listActive: async (db, company, viewer) => (viewer.kind === 'cliente' ? [] : store.listActive(db, company, viewer)) };
})();

export default defineServerModule({
  stores: {
    ...catalogueStores,
    incidentes: { ...sqlRecordStore(incidenteEntity, { orderBy: ['FechaOcurrencia', 'HoraOcurrencia'] }), workerRecords: incidentesWorkerRecords },
    medidas_control: sqlRecordStore(medidaControlEntity, { orderBy: ['IdEvaluacion', 'CreadoEn'] }),
    dotaciones: dotacionesStore,
  },
  routes: [
    { base: incidenteEntity.api.base, routes: accidentesRoutes },
    { base: dotacionEntity.api.base, routes: dotacionesRoutes },
  ],
  overdue: [measuresOverdue as OverdueRule<never>],
});
