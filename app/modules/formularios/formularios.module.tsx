import { defineAppModule } from '#app/navigation/app-module.ts';
import { formulariosScreens } from './formularios-screens.tsx';

export default defineAppModule({ screens: formulariosScreens });
