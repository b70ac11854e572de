import { defineServerModule } from '#server/server-module.ts';
import { accesosFiscalizadoresRoutes } from './accesos.routes.ts';
import { fiscalesRoutes } from './fiscales.routes.ts';

export default defineServerModule({
  routes: [
    // The company's view of what labour inspectors consulted (Perfil Empresa); the inspector routes live in /api/fiscales.
    { base: '/api/perfil', routes: accesosFiscalizadoresRoutes },
    // The inspector portal: inspector sessions only, never a company's (server/tenancy/require-inspector.ts).
    { base: '/api/fiscales', routes: fiscalesRoutes },
  ],
});
