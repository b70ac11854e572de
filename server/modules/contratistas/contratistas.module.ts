import { proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import { requisitoEntity } from '#sync/schemas/contratistas-requisitos.schema.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { acreditacionActivoEntity, acreditacionEntity } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import { defineServerModule } from '#server/server-module.ts';
import { catalogueMounts, proveedoresRoutes } from './catalogos.routes.ts';
import { acreditacionesActivoStore, acreditacionesStore, catalogueStores, contratosStore, documentosStore, proveedoresStore, requisitosStore } from './contratistas-stores.ts';
import { contratoListasRoutes } from './contrato-listas.routes.ts';
import { contratosRoutes } from './contratos.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { seedContractorDemo } from './demo-contratistas.ts';
import { documentosRoutes } from './documentos.routes.ts';
import { empresasAsociadasRoutes } from './empresas-asociadas.routes.ts';
import { informeRoutes } from './informe.routes.ts';
import { requisitosRoutes } from './requisitos.routes.ts';

const base = requisitoEntity.api.base;

export default defineServerModule({
  stores: {
    ...catalogueStores,
    proveedores: proveedoresStore,
    requisitos: requisitosStore,
    contratos: contratosStore,
    documentos_requisito: documentosStore,
    acreditaciones: acreditacionesStore,
    acreditaciones_activo: acreditacionesActivoStore,
  },
  routes: [
    ...catalogueMounts,
    { base: proveedorEntity.api.base, routes: proveedoresRoutes },
    { base, routes: requisitosRoutes },
    { base, routes: contratoListasRoutes },
    { base, routes: contratosRoutes },
    { base, routes: dashboardRoutes },
    // Before the documents' detail (/gestion-requisitos/:company/:id), whose shape the report's path has.
    { base, routes: informeRoutes },
    { base, routes: documentosRoutes },
    { base, routes: empresasAsociadasRoutes },
    { base, routes: recordRoutes(acreditacionEntity) },
    { base, routes: recordRoutes(acreditacionActivoEntity) },
  ],
  seedDemo: seedContractorDemo,
});
