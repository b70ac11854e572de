import { nivelEntity } from '../schemas/niveles.schema.ts';
import { defineModule, menuParent } from './module-manifest.ts';

const NIVELES = menuParent(3, 1, 1, 'Niveles');

export const nivelesModule = defineModule({
  name: 'niveles',
  entities: { niveles: nivelEntity },
  menu: [
    { parent: NIVELES, IdSubmodulo: 3, posicion: 1, nombre: 'Nivel 2', ruta: '/nv2' },
    { parent: NIVELES, IdSubmodulo: 4, posicion: 2, nombre: 'Nivel 3', ruta: '/nv3' },
    { parent: NIVELES, IdSubmodulo: 5, posicion: 3, nombre: 'Nivel 4', ruta: '/nv4' },
  ],
});
