import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { RecordPaths } from './paths.ts';
import { PermissionGate } from './permission-gate.tsx';
import { RoutePage } from './route-page.tsx';

/** A route of the company area: the permission gate (when the screen has a permission route) around the page. */
export function screen(path: string, page: ReactNode, permissionRoute?: string) {
  return (
    <Route
      key={path}
      path={path}
      element={<RoutePage>{permissionRoute ? <PermissionGate route={permissionRoute}>{page}</PermissionGate> : page}</RoutePage>}
    />
  );
}

/** List, nuevo, editar/{id} and detalles/{id} of a maintainer. */
export function recordScreens(routes: RecordPaths, pages: { list: ReactNode; form: ReactNode; detail: ReactNode }) {
  return [
    screen(routes.list.path, pages.list, routes.list.href),
    screen(routes.nuevo.path, pages.form, routes.list.href),
    screen(routes.editar.path, pages.form, routes.list.href),
    screen(routes.detalles.path, pages.detail, routes.list.href),
  ];
}

