import { defineModule, menuParent } from './module-manifest.ts';

const PERFIL = menuParent(14, 7, 1, 'Perfil');
const OWN = ['index', 'editar'] as const;

export const perfilModule = defineModule({
  name: 'perfil',
  menu: [
    { parent: PERFIL, IdSubmodulo: 26, posicion: 1, nombre: 'Mi Perfil', ruta: '/perfil/usuario', demo: { supervisor: OWN, contratista: OWN, cliente: OWN } },
    { parent: PERFIL, IdSubmodulo: 27, posicion: 2, nombre: 'Perfil Empresa', ruta: '/perfil/empresa' },
  ],
});
