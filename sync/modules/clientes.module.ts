import { defineModule, menuParent } from './module-manifest.ts';

export const clientesModule = defineModule({
  name: 'clientes',
  menu: [{ parent: menuParent(22, 1, 1, 'Clientes'), IdSubmodulo: 50, posicion: 1, nombre: 'Clientes', ruta: '/clientes' }],
});
