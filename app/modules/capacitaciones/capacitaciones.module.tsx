import { defineAppModule } from '#app/navigation/app-module.ts';
import { capacitacionesScreens } from './capacitaciones-screens.tsx';

export default defineAppModule({ screens: capacitacionesScreens });
