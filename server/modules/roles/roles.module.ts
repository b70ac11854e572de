import { defineServerModule } from '#server/server-module.ts';
import { rolesRoutes } from './roles.routes.ts';

export default defineServerModule({ routes: [{ base: '/api/roles', routes: rolesRoutes }] });
