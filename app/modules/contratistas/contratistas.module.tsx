import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';
import type { ContractorCatalogue } from './catalogos-screens.tsx';

const catalogues = () => import('./catalogos-screens.tsx');
const CatalogueListPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueListPage })));
const CatalogueFormPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueFormPage })));
const CatalogueDetailPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueDetailPage })));
const proveedores = () => import('./proveedores-screens.tsx');
const ProveedoresListPage = lazy(() => proveedores().then((module) => ({ default: module.ProveedoresListPage })));
const ProveedorFormPage = lazy(() => proveedores().then((module) => ({ default: module.ProveedorFormPage })));
const ProveedorDetailPage = lazy(() => proveedores().then((module) => ({ default: module.ProveedorDetailPage })));

const CATALOGUES: readonly ContractorCatalogue[] = ['procesos_faena', 'equipos_trabajo', 'actividades_contrato', 'clasificaciones_contrato'];

export default defineAppModule({
  screens: () => [
    ...CATALOGUES.flatMap((table) =>
      recordScreens(MAINTAINER_PATHS[table]!, {
        list: <CatalogueListPage table={table} />,
        form: <CatalogueFormPage table={table} />,
        detail: <CatalogueDetailPage table={table} />,
      }),
    ),
    ...recordScreens(MAINTAINER_PATHS.proveedores!, {
      list: <ProveedoresListPage />,
      form: <ProveedorFormPage />,
      detail: <ProveedorDetailPage />,
    }),
  ],
});
