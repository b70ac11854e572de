import { ENTITIES } from '#sync/records/entities.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { defineServerModule } from '#server/server-module.ts';
import { flotaStores } from './flota-stores.ts';

const route = (table: keyof typeof flotaStores) => ({ base: ENTITIES[table].api.base, routes: recordRoutes(ENTITIES[table]) });

export default defineServerModule({
  stores: flotaStores,
  routes: (Object.keys(flotaStores) as (keyof typeof flotaStores)[]).map(route),
});
