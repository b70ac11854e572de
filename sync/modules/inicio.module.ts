import { DASHBOARD_PARENT } from './menu-parents.ts';
import { defineModule, READ } from './module-manifest.ts';

/** The home of the HSE system (Inicio: the inbox and quick starts), a composition of what the modules hold. */
export const inicioModule = defineModule({
  name: 'inicio',
  menu: [
    {
      parent: DASHBOARD_PARENT,
      IdSubmodulo: 20,
      posicion: 1,
      nombre: 'Dashboard',
      ruta: '/dashboard',
      demo: { supervisor: READ, contratista: READ, cliente: READ },
    },
  ],
});
