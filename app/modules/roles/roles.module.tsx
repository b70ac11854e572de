import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { recordScreens } from '#app/navigation/route-screens.tsx';

const RolesListPage = lazy(() => import('./roles-list-page.tsx').then((module) => ({ default: module.RolesListPage })));
const RolFormPage = lazy(() => import('./rol-form-page.tsx').then((module) => ({ default: module.RolFormPage })));
const RolDetailPage = lazy(() => import('./rol-detail-page.tsx').then((module) => ({ default: module.RolDetailPage })));

export default defineAppModule({
  screens: () => recordScreens(paths.roles, { list: <RolesListPage />, form: <RolFormPage />, detail: <RolDetailPage /> }),
});
