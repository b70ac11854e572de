import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths, type RecordPaths } from '#app/navigation/paths.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';

type PageModule = () => Promise<Record<string, () => React.JSX.Element>>;

const page = (load: PageModule, name: string) => lazy(() => load().then((module) => ({ default: module[name]! })));

const activos = () => import('./activos-screens.tsx');
const tipos = () => import('./tipos-screens.tsx');
const Vencimientos = page(() => import('./vencimientos-page.tsx'), 'VencimientosFlotaPage');

/** List, nuevo, editar and detalles of one maintainer, from the page module's `[List, Form, Detail]` exports. */
function maintainer(routes: RecordPaths, load: PageModule, [list, form, detail]: [string, string, string]) {
  const [List, Form, Detail] = [page(load, list), page(load, form), page(load, detail)];
  return recordScreens(routes, { list: <List />, form: <Form />, detail: <Detail /> });
}

const { flota } = paths;

export default defineAppModule({
  screens: () => [
    ...maintainer(flota.tiposVehiculo, tipos, ['TiposVehiculoListPage', 'TipoVehiculoFormPage', 'TipoVehiculoDetailPage']),
    ...maintainer(flota.tiposEquipo, tipos, ['TiposEquipoListPage', 'TipoEquipoFormPage', 'TipoEquipoDetailPage']),
    screen(flota.vencimientos.path, <Vencimientos />, flota.vencimientos.href),
    ...maintainer(flota.vehiculos, activos, ['VehiculosListPage', 'VehiculoFormPage', 'VehiculoDetailPage']),
    ...maintainer(flota.equipos, activos, ['EquiposListPage', 'EquipoFormPage', 'EquipoDetailPage']),
    ...maintainer(flota.instalaciones, activos, ['InstalacionesListPage', 'InstalacionFormPage', 'InstalacionDetailPage']),
  ],
});
