import { capacitacionEntity } from '../schemas/capacitaciones.schema.ts';
import { programaCapacitacionEntity } from '../schemas/capacitaciones-programa.schema.ts';
import { tipoCapacitacionEntity } from '../schemas/capacitaciones-tipos.schema.ts';
import { defineModule, FIELD, menuParent, READ } from './module-manifest.ts';

const CAPACITACIONES = menuParent(11, 2, 1, 'Capacitaciones');
// A contractor sees its own workers' trainings and the sessions held for it, a client those held for it (SPEC PL7).
const OUTSIDE = { contratista: READ, cliente: READ };

export const capacitacionesModule = defineModule({
  name: 'capacitaciones',
  entities: {
    tipos_capacitacion: tipoCapacitacionEntity,
    programas_capacitacion: programaCapacitacionEntity,
    capacitaciones: capacitacionEntity,
  },
  menu: [
    {
      parent: CAPACITACIONES,
      IdSubmodulo: 17,
      posicion: 1,
      nombre: 'Tipos',
      ruta: '/capacitaciones/tipos',
      records: 'tipos_capacitacion',
      demo: { supervisor: READ },
    },
    // The supervisor gives talks at the worksite and takes their attendance.
    {
      parent: CAPACITACIONES,
      IdSubmodulo: 18,
      posicion: 2,
      nombre: 'Creadas',
      ruta: '/capacitaciones/creadas',
      demo: { supervisor: FIELD, contratista: READ },
    },
    {
      parent: CAPACITACIONES,
      IdSubmodulo: 19,
      posicion: 3,
      nombre: 'Realizadas',
      ruta: '/capacitaciones/realizadas',
      demo: { supervisor: READ, ...OUTSIDE },
    },
    // The year's programme (same drawer title, a parent of its own), the report and the dashboard.
    { parent: menuParent(18, 2, 1, 'Capacitaciones'), IdSubmodulo: 32, posicion: 1, nombre: 'Programa', ruta: '/capacitaciones/programa' },
    {
      parent: menuParent(19, 5, 1, 'Informes Capacitaciones'),
      IdSubmodulo: 33,
      posicion: 1,
      nombre: 'Informe de capacitaciones',
      ruta: '/capacitaciones/informes',
      demo: OUTSIDE,
    },
    {
      parent: menuParent(20, 4, 1, 'Dashboard'),
      IdSubmodulo: 34,
      posicion: 1,
      nombre: 'Dashboard Capacitaciones',
      ruta: '/dashboard/capacitaciones',
      demo: { supervisor: READ, ...OUTSIDE },
    },
  ],
});
