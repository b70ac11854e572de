import { trabajadorEntity } from '#sync/schemas/trabajadores.schema.ts';
import { defineServerModule } from '#server/server-module.ts';
import { trabajadoresRoutes } from './trabajadores.routes.ts';
import { trabajadoresStore } from './trabajadores.store.ts';

export default defineServerModule({
  stores: { trabajadores: trabajadoresStore },
  routes: [{ base: trabajadorEntity.api.base, routes: trabajadoresRoutes }],
});
