import { formularioEntity } from '../schemas/formularios.schema.ts';
import { defineModule, menuParent } from './module-manifest.ts';

export const formulariosModule = defineModule({
  name: 'formularios',
  entities: { formularios: formularioEntity },
  menu: [{ parent: menuParent(6, 1, 1, 'Formularios'), IdSubmodulo: 9, posicion: 1, nombre: 'Formularios', ruta: '/formularios' }],
});
