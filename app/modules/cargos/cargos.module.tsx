import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';

const screens = () => import('./cargos-screens.tsx');
const ListPage = lazy(() => screens().then((module) => ({ default: module.CargosListPage })));
const FormPage = lazy(() => screens().then((module) => ({ default: module.CargoFormPage })));
const DetailPage = lazy(() => screens().then((module) => ({ default: module.CargoDetailPage })));
const LoadPage = lazy(() => import('./cargos-carga-page.tsx').then((module) => ({ default: module.CargosCargaPage })));

export default defineAppModule({
  screens: () => [
    ...recordScreens(paths.cargos, { list: <ListPage />, form: <FormPage />, detail: <DetailPage /> }),
    screen(paths.cargos.carga.path, <LoadPage />, paths.cargos.list.href),
  ],
});
