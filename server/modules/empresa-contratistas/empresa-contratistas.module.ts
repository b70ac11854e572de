import { defineServerModule } from '#server/server-module.ts';
import { empresaContratistasRoutes } from './empresa-contratistas.routes.ts';

export default defineServerModule({ routes: [{ base: '/api/empresa-contratistas', routes: empresaContratistasRoutes }] });
