import { actividadEconomicaEntity } from '#sync/schemas/actividades-economicas.schema.ts';
import { sqlRecordStore } from '#server/records/record-store.ts';
import { defineServerModule } from '#server/server-module.ts';
import { actividadesEconomicasRoutes } from './actividades-economicas.routes.ts';

export default defineServerModule({
  stores: { actividades_economicas: sqlRecordStore(actividadEconomicaEntity, { orderBy: ['Codigo'] }) },
  routes: [{ base: actividadEconomicaEntity.api.base, routes: actividadesEconomicasRoutes }],
});
