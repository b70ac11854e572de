import { defineModule, menuParent } from './module-manifest.ts';

const COMBUSTIBLES = menuParent(15, 2, 2, 'Combustibles');

/** Fuel (the production system): not made yet; its entries keep their ids and stay out of the menu until then. */
export const combustiblesModule = defineModule({
  name: 'combustibles',
  menu: [
    { parent: COMBUSTIBLES, IdSubmodulo: 28, posicion: 1, nombre: 'Dashboard Combustibles', ruta: '/combustibles/dashboard' },
    { parent: COMBUSTIBLES, IdSubmodulo: 29, posicion: 2, nombre: 'Carga masiva', ruta: '/combustibles/cargamasiva' },
  ],
});
