import type { ReactElement } from 'react';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';
import { preloadableLazy, preloadWhenIdle } from '#app/ui/preloadable-lazy.ts';

const list = preloadableLazy(() => import('./formularios-list-page.tsx').then((module) => module.FormulariosListPage));
const form = preloadableLazy(() => import('./formulario-form-page.tsx').then((module) => module.FormularioFormPage));
const detail = preloadableLazy(() => import('./formulario-detail-page.tsx').then((module) => module.FormularioDetailPage));

/** The routes of this module inside the company area (registered by app/routes/company-area.tsx). */
export function formulariosScreens(): ReactElement[] {
  // Only roles with the Formularios route see and edit templates (the supervisor reads them through its inspections).
  const route = paths.formularios.list.href;
  preloadWhenIdle(list.preload, detail.preload);
  return [
    screen(paths.formularios.list.path, <list.Component />, route),
    screen(paths.formularios.nuevo.path, <form.Component />, route),
    screen(paths.formularios.editar.path, <form.Component />, route),
    screen(paths.formularios.detalles.path, <detail.Component />, route),
  ];
}
