import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { LEVEL_PATHS } from '#app/navigation/paths.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';

const NivelesListPage = lazy(() => import('./niveles-screens.tsx').then((module) => ({ default: module.NivelesListPage })));
const NivelFormPage = lazy(() => import('./niveles-screens.tsx').then((module) => ({ default: module.NivelFormPage })));
const NivelDetailPage = lazy(() => import('./niveles-screens.tsx').then((module) => ({ default: module.NivelDetailPage })));
const NivelesCargaPage = lazy(() => import('./niveles-carga-page.tsx').then((module) => ({ default: module.NivelesCargaPage })));

export default defineAppModule({
  screens: () =>
    ([2, 3, 4] as const).flatMap((type) => [
      ...recordScreens(LEVEL_PATHS[type], {
        list: <NivelesListPage type={type} />,
        form: <NivelFormPage type={type} />,
        detail: <NivelDetailPage type={type} />,
      }),
      screen(LEVEL_PATHS[type].carga.path, <NivelesCargaPage type={type} />, LEVEL_PATHS[type].list.href),
    ]),
});
