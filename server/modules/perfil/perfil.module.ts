import { defineServerModule } from '#server/server-module.ts';
import { perfilRoutes } from './perfil.routes.ts';

export default defineServerModule({ routes: [{ base: '/api/perfil', routes: perfilRoutes }] });
