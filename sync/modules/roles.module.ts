import { USUARIOS_PARENT } from './menu-parents.ts';
import { defineModule } from './module-manifest.ts';

export const rolesModule = defineModule({
  name: 'roles',
  menu: [{ parent: USUARIOS_PARENT, IdSubmodulo: 7, posicion: 2, nombre: 'Roles', ruta: '/roles' }],
});
