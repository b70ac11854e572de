import { cargoEntity } from '../schemas/cargos.schema.ts';
import { defineModule, menuParent } from './module-manifest.ts';

export const cargosModule = defineModule({
  name: 'cargos',
  entities: { cargos: cargoEntity },
  menu: [{ parent: menuParent(2, 1, 1, 'Cargos'), IdSubmodulo: 2, posicion: 1, nombre: 'Cargos', ruta: '/cargos' }],
});
