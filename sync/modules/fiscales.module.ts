import { defineModule } from './module-manifest.ts';

/** The inspector portal and the company's log of it: no menu entry (the log opens from Perfil Empresa). */
export const fiscalesModule = defineModule({ name: 'fiscales' });
