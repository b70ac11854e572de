import { inspeccionEntity } from '../schemas/inspecciones.schema.ts';
import { observacionEntity } from '../schemas/observaciones.schema.ts';
import { DASHBOARD_PARENT } from './menu-parents.ts';
import { defineModule, FIELD, menuParent, READ } from './module-manifest.ts';

export const inspeccionesModule = defineModule({
  name: 'inspecciones',
  entities: { inspecciones: inspeccionEntity, observaciones: observacionEntity },
  menu: [
    {
      parent: menuParent(7, 2, 1, 'Inspecciones'),
      IdSubmodulo: 10,
      posicion: 1,
      nombre: 'Inspecciones',
      ruta: '/inspecciones',
      demo: { supervisor: FIELD, contratista: READ, cliente: READ },
    },
    {
      parent: menuParent(8, 2, 1, 'Observaciones'),
      IdSubmodulo: 11,
      posicion: 1,
      nombre: 'Observaciones',
      ruta: '/observaciones',
      // The supervisor who raised an observation also reviews its answer at the worksite.
      demo: { supervisor: [...FIELD, 'aprobar'], contratista: ['index', 'editar'], cliente: READ },
    },
    // Dashboards the product does not have yet: kept with their ids, out of the menu until their screens exist.
    { parent: DASHBOARD_PARENT, IdSubmodulo: 21, posicion: 2, nombre: 'Dashboard Observaciones', ruta: '/dashboard/observaciones' },
    { parent: DASHBOARD_PARENT, IdSubmodulo: 22, posicion: 3, nombre: 'Dashboard Inspecciones', ruta: '/dashboard/inspecciones' },
  ],
});
