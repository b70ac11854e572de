import { defineModule, menuParent } from './module-manifest.ts';

export const empresaContratistasModule = defineModule({
  name: 'empresa-contratistas',
  menu: [{ parent: menuParent(5, 1, 1, 'Empresas Contratistas'), IdSubmodulo: 8, posicion: 1, nombre: 'Empresas Contratistas', ruta: '/empresa-contratistas' }],
});
