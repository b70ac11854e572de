import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';

const screens = () => import('./certificaciones-screens.tsx');
const ListPage = lazy(() => screens().then((module) => ({ default: module.CertificacionesListPage })));
const FormPage = lazy(() => screens().then((module) => ({ default: module.CertificacionFormPage })));
const DetailPage = lazy(() => screens().then((module) => ({ default: module.CertificacionDetailPage })));

export default defineAppModule({
  screens: () => recordScreens(paths.certificaciones, { list: <ListPage />, form: <FormPage />, detail: <DetailPage /> }),
});
