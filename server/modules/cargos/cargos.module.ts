import { cargoEntity } from '#sync/schemas/cargos.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { cargosRoutes } from './cargos.routes.ts';

export default defineServerModule({
  stores: { cargos: sqlRecordStore(cargoEntity, { orderBy: ['NombreCargo'] }) },
  routes: [{ base: cargoEntity.api.base, routes: cargosRoutes }],
});
