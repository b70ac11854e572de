import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';

const screens = () => import('./cargos-screens.tsx');
const ListPage = lazy(() => screens().then((module) => ({ default: module.CargosListPage })));
const FormPage = lazy(() => screens().then((module) => ({ default: module.CargoFormPage })));
const DetailPage = lazy(() => screens().then((module) => ({ default: module.CargoDetailPage })));

export default defineAppModule({
  screens: () => recordScreens(paths.cargos, { list: <ListPage />, form: <FormPage />, detail: <DetailPage /> }),
});
