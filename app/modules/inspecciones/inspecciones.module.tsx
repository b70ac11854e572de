import { defineAppModule } from '#app/navigation/app-module.ts';
import { inspeccionesScreens } from './inspecciones-screens.tsx';
import { observacionesScreens } from './observaciones-screens.tsx';

export default defineAppModule({ screens: () => [...inspeccionesScreens(), ...observacionesScreens()] });
