import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import type { ContractorCatalogue } from './catalogos-screens.tsx';

type PageModule = () => Promise<Record<string, () => React.JSX.Element>>;

const page = (load: PageModule, name: string) => lazy(() => load().then((module) => ({ default: module[name]! })));

const catalogues = () => import('./catalogos-screens.tsx');
const CatalogueListPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueListPage })));
const CatalogueFormPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueFormPage })));
const CatalogueDetailPage = lazy(() => catalogues().then((module) => ({ default: module.CatalogueDetailPage })));
const proveedores = () => import('./proveedores-screens.tsx');
const requisitos = () => import('./requisitos-screens.tsx');
const contratos = () => import('./contratos-screens.tsx');
const Seguimiento = page(() => import('./seguimiento-page.tsx'), 'SeguimientoRequisitosPage');
const Informe = page(() => import('./informe-page.tsx'), 'InformeDocumentosPage');
const Dashboard = page(() => import('./contratistas-dashboard.tsx'), 'ContratistasDashboardPage');
const EmpresasAsociadas = page(() => import('./empresas-asociadas-list-page.tsx'), 'EmpresasAsociadasListPage');
const EmpresaAsociada = page(() => import('./empresas-asociadas-detail-page.tsx'), 'EmpresaAsociadaDetailPage');
const EmpresaAsociadaEdit = page(() => import('./empresas-asociadas-edit-page.tsx'), 'EmpresaAsociadaEditPage');

const CATALOGUES: readonly ContractorCatalogue[] = ['procesos_faena', 'equipos_trabajo', 'actividades_contrato', 'clasificaciones_contrato'];

/** The three kit screens of a maintainer whose page module exports `<Name>sListPage`-style components. */
function maintainer(table: string, load: PageModule, [list, form, detail]: [string, string, string]) {
  const [List, Form, Detail] = [page(load, list), page(load, form), page(load, detail)];
  return recordScreens(MAINTAINER_PATHS[table]!, { list: <List />, form: <Form />, detail: <Detail /> });
}

export default defineAppModule({
  screens: () => [
    ...CATALOGUES.flatMap((table) =>
      recordScreens(MAINTAINER_PATHS[table]!, {
        list: <CatalogueListPage table={table} />,
        form: <CatalogueFormPage table={table} />,
        detail: <CatalogueDetailPage table={table} />,
      }),
    ),
    ...maintainer('proveedores', proveedores, ['ProveedoresListPage', 'ProveedorFormPage', 'ProveedorDetailPage']),
    ...maintainer('requisitos', requisitos, ['RequisitosListPage', 'RequisitoFormPage', 'RequisitoDetailPage']),
    ...maintainer('contratos', contratos, ['ContratosListPage', 'ContratoFormPage', 'ContratoDetailPage']),
    screen(paths.seguimientoRequisitos.path, <Seguimiento />, paths.seguimientoRequisitos.href),
    screen(paths.informeDocumentos.path, <Informe />, paths.seguimientoRequisitos.href),
    screen(paths.contratistasDashboard.path, <Dashboard />, paths.contratistasDashboard.href),
    screen(paths.empresasAsociadas.list.path, <EmpresasAsociadas />, paths.empresasAsociadas.list.href),
    screen(paths.empresasAsociadas.detalles.path, <EmpresaAsociada />, paths.empresasAsociadas.list.href),
    screen(paths.empresasAsociadas.editar.path, <EmpresaAsociadaEdit />, paths.empresasAsociadas.list.href),
  ],
});
