import { lazy, type ReactElement } from 'react';
import { handleDiscardsOf } from '#app/data/local-write.ts';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';
import { preloadableLazy, preloadWhenIdle } from '#app/ui/preloadable-lazy.ts';
import { reopenRefusedDraft } from './draft-reopen.ts';

// The list is the module's everyday screen: its code is loaded ahead (idle), so its first opening is immediate.
const { Component: InspeccionesListPage, preload: preloadList } = preloadableLazy(() => import('./inspecciones-list-page.tsx').then((module) => module.InspeccionesListPage));
const InspeccionDetailPage = lazy(() => import('./inspeccion-detail-page.tsx').then((module) => ({ default: module.InspeccionDetailPage })));
const InspeccionNewPage = lazy(() => import('./inspeccion-new-page.tsx').then((module) => ({ default: module.InspeccionNewPage })));
const InspeccionCorreccionPage = lazy(() =>
  import('./inspeccion-correccion-page.tsx').then((module) => ({ default: module.InspeccionCorreccionPage })),
);
const InspeccionFillPage = lazy(() => import('./inspeccion-fill-page.tsx').then((module) => ({ default: module.InspeccionFillPage })));

/** The routes of this module inside the company area (registered by app/routes/company-area.tsx). */
export function inspeccionesScreens(): ReactElement[] {
  preloadWhenIdle(preloadList);
  // Discarding a refused inspection in Sincronización reopens its draft instead of losing it (SPEC IN11).
  handleDiscardsOf('inspecciones', reopenRefusedDraft);
  const route = paths.inspecciones.list.href;
  return [
    screen(paths.inspecciones.list.path, <InspeccionesListPage />, route),
    screen(paths.inspecciones.nuevo.path, <InspeccionNewPage />, route),
    screen(paths.inspecciones.editar.path, <InspeccionFillPage />, route),
    screen(paths.inspecciones.detalles.path, <InspeccionDetailPage />, route),
    screen(paths.inspecciones.corregir.path, <InspeccionCorreccionPage />, route),
  ];
}
