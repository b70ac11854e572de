import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';

const InspectorAccessPage = lazy(() => import('./inspector-access-page.tsx').then((module) => ({ default: module.InspectorAccessPage })));

export default defineAppModule({
  screens: () => [screen(paths.perfil.fiscalizaciones.path, <InspectorAccessPage />, paths.perfil.empresa.href)],
});
