import { defineServerModule } from '#server/server-module.ts';
import { accesoStores } from './acceso-stores.ts';
import { seedGateDemo } from './demo-acceso.ts';
import { gateReadRoutes } from './en-faena.routes.ts';
import { ajustesRoutes } from './gate-settings.ts';
import { movimientosRoutes } from './movimientos.routes.ts';
import { pasesDiaRoutes, pasesProvisoriosRoutes } from './pases.routes.ts';
import { registroDs76Routes } from './registro-ds76.routes.ts';

const base = '/api/control-acceso';

export default defineServerModule({
  stores: accesoStores,
  routes: [
    { base, routes: registroDs76Routes },
    { base, routes: gateReadRoutes },
    { base, routes: ajustesRoutes },
    { base, routes: pasesDiaRoutes },
    { base, routes: pasesProvisoriosRoutes },
    { base, routes: movimientosRoutes },
  ],
  seedDemo: seedGateDemo,
});
