import { ajustesAccesoEntity, movimientoEntity, paseDiaEntity, paseProvisorioEntity } from '../schemas/acceso.schema.ts';
import { defineModule, menuParent } from './module-manifest.ts';

const CONTRACTORS = menuParent(27, 2, 1, 'Contratistas');

/**
 * The gate (issue 39): a guard's tablet lets in only who is accredited, offline for days, with day passes the
 * server signs and provisional passes until the end of the shift; it logs entries and exits and knows who is on site.
 */
export const accesoModule = defineModule({
  name: 'acceso',
  entities: {
    ajustes_acceso: ajustesAccesoEntity,
    pases_dia: paseDiaEntity,
    pases_provisorios: paseProvisorioEntity,
    movimientos_acceso: movimientoEntity,
  },
  menu: [
    // A guard checks and logs (crear) and gives provisional passes (aprobar); the office issues day passes too.
    {
      parent: CONTRACTORS,
      IdSubmodulo: 74,
      posicion: 5,
      nombre: 'Control de Acceso',
      ruta: '/control-acceso',
      demo: { supervisor: ['index'], guardia: ['index', 'crear', 'aprobar'] },
    },
  ],
});
