import { defineServerModule } from '#server/server-module.ts';
import { mascarasRoutes } from './mascaras.routes.ts';

export default defineServerModule({ routes: [{ base: '/api/mascaras', routes: mascarasRoutes }] });
