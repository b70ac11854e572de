import { USUARIOS_PARENT } from './menu-parents.ts';
import { defineModule, menuParent } from './module-manifest.ts';

export const usuariosModule = defineModule({
  name: 'usuarios',
  menu: [
    { parent: USUARIOS_PARENT, IdSubmodulo: 6, posicion: 1, nombre: 'Usuarios', ruta: '/usuarios' },
    { parent: menuParent(23, 1, 1, 'Auditoría de usuarios'), IdSubmodulo: 51, posicion: 1, nombre: 'Auditoría de usuarios', ruta: '/auditoria-usuarios' },
  ],
});
