import { defineServerModule } from '#server/server-module.ts';
import { clientesRoutes } from './clientes.routes.ts';

export default defineServerModule({ routes: [{ base: '/api/clientes', routes: clientesRoutes }] });
