import { defineAppModule } from '#app/navigation/app-module.ts';
import { incidentesScreens } from './incidentes-screens.tsx';

export default defineAppModule({ screens: incidentesScreens });
