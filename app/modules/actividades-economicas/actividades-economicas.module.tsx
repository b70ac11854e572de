import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';

const screens = () => import('./actividades-economicas-screens.tsx');
const ListPage = lazy(() => screens().then((module) => ({ default: module.ActividadesListPage })));
const FormPage = lazy(() => screens().then((module) => ({ default: module.ActividadFormPage })));
const DetailPage = lazy(() => screens().then((module) => ({ default: module.ActividadDetailPage })));

export default defineAppModule({
  screens: () => recordScreens(paths.actividadesEconomicas, { list: <ListPage />, form: <FormPage />, detail: <DetailPage /> }),
});
