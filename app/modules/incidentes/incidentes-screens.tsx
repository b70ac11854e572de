import { ACCIDENT_CATALOGUE_TABLES } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { lazy, type ReactElement } from 'react';
import { handleDiscardsOf } from '#app/data/local-write.ts';
import { ACCIDENT_CATALOGUE_PATHS, paths } from '#app/navigation/paths.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';
import { reopenRefusedReport } from './draft-reopen.ts';

const catalogues = () => import('./catalogos-screens.tsx');
const CatalogueListPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueListPage })));
const CatalogueFormPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueFormPage })));
const CatalogueDetailPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueDetailPage })));
const IncidentesListPage = lazy(() => import('./incidentes-list-page.tsx').then((module) => ({ default: module.IncidentesListPage })));
const IncidenteNewPage = lazy(() => import('./incidente-new-page.tsx').then((module) => ({ default: module.IncidenteNewPage })));
const IncidenteEditPage = lazy(() => import('./incidente-edit-page.tsx').then((module) => ({ default: module.IncidenteEditPage })));
const IncidenteDetailPage = lazy(() => import('./incidente-detail-page.tsx').then((module) => ({ default: module.IncidenteDetailPage })));
const MedidaDetailPage = lazy(() => import('./medida-detail-page.tsx').then((module) => ({ default: module.MedidaDetailPage })));
const DiatDraftPage = lazy(() => import('./diat-draft-page.tsx').then((module) => ({ default: module.DiatDraftPage })));
const dotacion = () => import('./dotacion-screens.tsx');
const DotacionListPage = lazy(() => dotacion().then((module) => ({ default: module.DotacionListPage })));
const DotacionFormPage = lazy(() => dotacion().then((module) => ({ default: module.DotacionFormPage })));
const DotacionDetailPage = lazy(() => dotacion().then((module) => ({ default: module.DotacionDetailPage })));
const DotacionCargaPage = lazy(() => import('./dotacion-carga-page.tsx').then((module) => ({ default: module.DotacionCargaPage })));
// echarts and the dashboard arrive only when the page opens, never with the first screen.
const DashboardPage = lazy(() => import('./incidentes-dashboard.tsx').then((module) => ({ default: module.IncidentesDashboardPage })));

/** The routes of this module inside the company area (registered by app/routes/company-area.tsx). */
export function incidentesScreens(): ReactElement[] {
  // Discarding a refused report in Sincronización reopens its draft instead of losing it (SPEC IC1).
  handleDiscardsOf('incidentes', reopenRefusedReport);
  const route = paths.incidentes.list.href;
  return [
    screen(paths.incidentes.list.path, <IncidentesListPage />, route),
    screen(paths.incidentes.nuevo.path, <IncidenteNewPage />, route),
    screen(paths.incidentes.editar.path, <IncidenteEditPage />, route),
    screen(paths.incidentes.detalles.path, <IncidenteDetailPage />, route),
    screen(paths.incidentes.medida.path, <MedidaDetailPage />, route),
    screen(paths.incidentes.diat.path, <DiatDraftPage />, route),
    ...recordScreens(paths.incidentes.dotacion, { list: <DotacionListPage />, form: <DotacionFormPage />, detail: <DotacionDetailPage /> }),
    screen(paths.incidentes.dotacionCarga.path, <DotacionCargaPage />, paths.incidentes.dotacion.list.href),
    screen(paths.incidentes.dashboard.path, <DashboardPage />, paths.incidentes.dashboard.href),
    ...ACCIDENT_CATALOGUE_TABLES.flatMap((table) =>
      recordScreens(ACCIDENT_CATALOGUE_PATHS[table], {
        list: <CatalogueListPage table={table} />,
        form: <CatalogueFormPage table={table} />,
        detail: <CatalogueDetailPage table={table} />,
      }),
    ),
  ];
}
