import { certificacionEntity } from '../schemas/certificaciones.schema.ts';
import { defineModule, menuParent } from './module-manifest.ts';

export const certificacionesModule = defineModule({
  name: 'certificaciones',
  entities: { certificaciones: certificacionEntity },
  menu: [
    {
      parent: menuParent(16, 1, 1, 'Certificaciones'),
      IdSubmodulo: 30,
      posicion: 1,
      nombre: 'Certificaciones',
      ruta: '/certificaciones',
      records: 'certificaciones',
    },
  ],
});
