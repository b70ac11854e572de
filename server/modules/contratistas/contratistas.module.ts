import { proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import { defineServerModule } from '#server/server-module.ts';
import { catalogueMounts, proveedoresRoutes } from './catalogos.routes.ts';
import { catalogueStores, proveedoresStore } from './contratistas-stores.ts';
import { seedContractorCatalogues } from './demo-catalogos.ts';

export default defineServerModule({
  stores: { ...catalogueStores, proveedores: proveedoresStore },
  routes: [...catalogueMounts, { base: proveedorEntity.api.base, routes: proveedoresRoutes }],
  seedDemo: seedContractorCatalogues,
});
