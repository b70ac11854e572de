import { PERMISSION_ACTIONS } from '../records/permissions.ts';
import { trabajadorEntity } from '../schemas/trabajadores.schema.ts';
import { defineModule, FIELD, menuParent, READ } from './module-manifest.ts';

export const trabajadoresModule = defineModule({
  name: 'trabajadores',
  entities: { trabajadores: trabajadorEntity },
  menu: [
    // A contractor keeps its own roster; the server limits every worker call to the contractor's RUT.
    {
      parent: menuParent(1, 1, 1, 'Trabajadores'),
      IdSubmodulo: 1,
      posicion: 1,
      nombre: 'Trabajadores',
      ruta: '/trabajadores',
      // A guard's tablet knows the company's own staff at the gate.
      demo: { supervisor: FIELD, contratista: PERMISSION_ACTIONS, guardia: READ },
    },
  ],
});
