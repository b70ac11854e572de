import { certificacionEntity } from '#sync/schemas/certificaciones.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { certificacionesRoutes } from './certificaciones.routes.ts';

export default defineServerModule({
  stores: { certificaciones: sqlRecordStore(certificacionEntity, { orderBy: ['Nombre'] }) },
  routes: [{ base: certificacionEntity.api.base, routes: certificacionesRoutes }],
});
