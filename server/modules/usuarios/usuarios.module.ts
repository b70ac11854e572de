import { defineServerModule } from '#server/server-module.ts';
import { reservedNamesRoutes } from './usuarios-lists.routes.ts';
import { usuariosRoutes } from './usuarios.routes.ts';

export default defineServerModule({
  routes: [
    { base: '/api/usuarios', routes: usuariosRoutes },
    { base: '/api/perfil', routes: reservedNamesRoutes },
  ],
});
