import { lazy } from 'react';
import { defineAppModule } from '#app/navigation/app-module.ts';
import { paths } from '#app/navigation/paths.ts';
import { screen } from '#app/navigation/route-screens.tsx';

const UsuariosListPage = lazy(() => import('./usuarios-list-page.tsx').then((module) => ({ default: module.UsuariosListPage })));
const UsuarioFormPage = lazy(() => import('./usuario-form-page.tsx').then((module) => ({ default: module.UsuarioFormPage })));
const UsuarioDetailPage = lazy(() => import('./usuario-detail-page.tsx').then((module) => ({ default: module.UsuarioDetailPage })));
const AuditoriaPage = lazy(() => import('./auditoria-page.tsx').then((module) => ({ default: module.AuditoriaPage })));

export default defineAppModule({
  screens: () => [
    screen(paths.usuarios.list.path, <UsuariosListPage />, paths.usuarios.list.href),
    screen(paths.usuarios.nuevo.path, <UsuarioFormPage />, paths.usuarios.list.href),
    screen(paths.usuarios.editar.path, <UsuarioFormPage />, paths.usuarios.list.href),
    screen(paths.usuarios.detalles.path, <UsuarioDetailPage />, paths.usuarios.list.href),
    screen(paths.auditoria.path, <AuditoriaPage />, paths.auditoria.href),
  ],
});
