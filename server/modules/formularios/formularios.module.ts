import { formularioEntity } from '#sync/schemas/formularios.schema.ts';
import { defineServerModule } from '#server/server-module.ts';
import { formulariosRoutes } from './formularios.routes.ts';
import { formulariosStore } from './formularios.store.ts';

export default defineServerModule({
  stores: { formularios: formulariosStore },
  routes: [{ base: formularioEntity.api.base, routes: formulariosRoutes }],
});
