import { actividadEconomicaEntity } from '../schemas/actividades-economicas.schema.ts';
import { defineModule, menuParent } from './module-manifest.ts';

export const actividadesEconomicasModule = defineModule({
  name: 'actividades-economicas',
  entities: { actividades_economicas: actividadEconomicaEntity },
  menu: [
    {
      parent: menuParent(17, 1, 1, 'Actividades Económicas'),
      IdSubmodulo: 31,
      posicion: 1,
      nombre: 'Actividades Económicas',
      ruta: '/actividades-economicas',
      records: 'actividades_economicas',
    },
  ],
});
