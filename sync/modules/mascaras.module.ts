import { defineModule } from './module-manifest.ts';

/** The company's names for its levels (Nivel 2, 3, 4): read by every screen that shows a level, set in Perfil Empresa. */
export const mascarasModule = defineModule({ name: 'mascaras' });
