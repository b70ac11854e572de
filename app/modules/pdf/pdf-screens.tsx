import { lazy, type ReactElement } from 'react';
import { paths } from '#app/routes/paths.ts';
import { screen } from '#app/routes/route-screens.tsx';

const ChecklistPdfPage = lazy(() => import('./checklist-pdf-page.tsx').then((module) => ({ default: module.ChecklistPdfPage })));

/** The routes of this module inside the company area (registered by app/routes/company-area.tsx). */
export function pdfScreens(): ReactElement[] {
  return [screen(paths.pdf.checklist.path, <ChecklistPdfPage />, paths.inspecciones.list.href)];
}
