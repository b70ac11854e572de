import { capacitacionEntity } from '#sync/schemas/capacitaciones.schema.ts';
import { programaCapacitacionEntity } from '#sync/schemas/capacitaciones-programa.schema.ts';
import { tipoCapacitacionEntity } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { capacitacionesRoutes } from './capacitaciones.routes.ts';
import { capacitacionesStore } from './capacitaciones.store.ts';
import { capacitacionesWorkerRecords } from './worker-records.ts';

export default defineServerModule({
  stores: {
    tipos_capacitacion: sqlRecordStore(tipoCapacitacionEntity, { orderBy: ['Nombre'] }),
    programas_capacitacion: sqlRecordStore(programaCapacitacionEntity, { orderBy: ['Anio', 'Mes', 'Tema'] }),
    capacitaciones: { ...capacitacionesStore, workerRecords: capacitacionesWorkerRecords },
  },
  routes: [{ base: capacitacionEntity.api.base, routes: capacitacionesRoutes }],
});
