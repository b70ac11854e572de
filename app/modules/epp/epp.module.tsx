import { defineAppModule } from '#app/navigation/app-module.ts';
import { eppScreens } from './epp-screens.tsx';

export default defineAppModule({ screens: eppScreens });
