import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';

const screens = () => import('./contratistas-screens.tsx');
const ListPage = lazy(() => screens().then((module) => ({ default: module.ContratistasListPage })));
const FormPage = lazy(() => screens().then((module) => ({ default: module.ContratistaFormPage })));
const DetailPage = lazy(() => screens().then((module) => ({ default: module.ContratistaDetailPage })));

export default defineAppModule({
  screens: () => recordScreens(paths.empresaContratistas, { list: <ListPage />, form: <FormPage />, detail: <DetailPage /> }),
});
