import { ASSET_KINDS, type AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import { tipoEquipoEntity, tipoVehiculoEntity } from '#sync/schemas/flota-tipos.schema.ts';
import { defineServerModule, type ModuleRoutes } from '#server/server-module.ts';
import { activoListasRoutes } from './activo-listas.routes.ts';
import { activoRoutes } from './activos.routes.ts';
import { aptitudRoutes } from './aptitud.routes.ts';
import { certificadosRoutes } from './certificados.routes.ts';
import { seedFleetDemo } from './demo-flota.ts';
import { flotaStores } from './flota-stores.ts';
import { lecturasRoutes } from './lecturas.routes.ts';
import { tiposEquipoRoutes, tiposVehiculoRoutes } from './tipos.routes.ts';
import { vencimientosRoutes } from './vencimientos.routes.ts';

/** An asset kind's calls under its base: its lists and fitness first (Hono matches in registration order), then the kit's. */
function assetMounts(kind: AssetTable): ModuleRoutes[] {
  const base = ASSET_KINDS[kind].entity.api.base;
  const readings = kind === 'instalaciones' ? [] : [lecturasRoutes[kind]];
  const routes = [activoListasRoutes(kind), aptitudRoutes(kind), activoRoutes[kind], certificadosRoutes[kind], ...readings];
  return routes.map((mounted) => ({ base, routes: mounted }));
}

export default defineServerModule({
  stores: flotaStores,
  routes: [
    // Before the vehicles' detail (/:IdVehiculo/:company), whose shape the report's path has.
    { base: '/api/vehiculos', routes: vencimientosRoutes },
    { base: tipoVehiculoEntity.api.base, routes: tiposVehiculoRoutes },
    { base: tipoEquipoEntity.api.base, routes: tiposEquipoRoutes },
    ...assetMounts('vehiculos'),
    ...assetMounts('equipos'),
    ...assetMounts('instalaciones'),
  ],
  seedDemo: seedFleetDemo,
});
