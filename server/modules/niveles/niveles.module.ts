import { nivelEntity } from '#sync/schemas/niveles.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { nivelesRoutes } from './niveles.routes.ts';

export default defineServerModule({
  stores: { niveles: sqlRecordStore(nivelEntity, { orderBy: ['TipoNivel', 'Nombre'] }) },
  routes: [{ base: nivelEntity.api.base, routes: nivelesRoutes }],
});
