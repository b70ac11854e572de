import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';

const ControlAcceso = lazy(() => import('./control-acceso-page.tsx').then((module) => ({ default: module.ControlAccesoPage })));
const EnFaena = lazy(() => import('./en-faena-page.tsx').then((module) => ({ default: module.EnFaenaPage })));
const PasesDia = lazy(() => import('./pases-dia-page.tsx').then((module) => ({ default: module.PasesDiaPage })));
const RegistroDs76 = lazy(() => import('./registro-ds76-page.tsx').then((module) => ({ default: module.RegistroDs76Page })));

const { controlAcceso } = paths;

/** The gate (issue 39): its views open with the index permission of `/control-acceso`. */
export default defineAppModule({
  screens: () => [
    screen(controlAcceso.porteria.path, <ControlAcceso />, controlAcceso.porteria.href),
    screen(controlAcceso.enFaena.path, <EnFaena />, controlAcceso.porteria.href),
    screen(controlAcceso.pasesDia.path, <PasesDia />, controlAcceso.porteria.href),
    screen(controlAcceso.registroDs76.path, <RegistroDs76 />, controlAcceso.porteria.href),
  ],
});
