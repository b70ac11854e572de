import type { ReactElement } from 'react';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';
import { preloadableLazy, preloadWhenIdle } from '#app/ui/preloadable-lazy.ts';

const list = preloadableLazy(() => import('./observaciones-list-page.tsx').then((module) => module.ObservacionesListPage));
const detail = preloadableLazy(() => import('./observacion-detail-page.tsx').then((module) => module.ObservacionDetailPage));

/** The routes of this module inside the company area (registered by app/routes/company-area.tsx). */
export function observacionesScreens(): ReactElement[] {
  // Observations are raised while filling an inspection: this module lists and follows them, it does not create them.
  preloadWhenIdle(list.preload, detail.preload);
  const route = paths.observaciones.list.href;
  return [
    screen(paths.observaciones.list.path, <list.Component />, route),
    screen(paths.observaciones.detalles.path, <detail.Component />, route),
  ];
}
