import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';

const screens = () => import('./clientes-screens.tsx');
const ListPage = lazy(() => screens().then((module) => ({ default: module.ClientesListPage })));
const FormPage = lazy(() => screens().then((module) => ({ default: module.ClienteFormPage })));
const DetailPage = lazy(() => screens().then((module) => ({ default: module.ClienteDetailPage })));

export default defineAppModule({
  screens: () => recordScreens(paths.clientes, { list: <ListPage />, form: <FormPage />, detail: <DetailPage /> }),
});
