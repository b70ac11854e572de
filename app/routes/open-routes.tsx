import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { RoutePage } from '#app/navigation/route-page.tsx';

const VerificacionPage = lazy(() => import('#app/modules/epp/epp-verificacion-page.tsx').then((module) => ({ default: module.EppVerificacionPage })));

/** Addresses of the open area: public pages that are never sent to the login, whoever is (or is not) signed in. */
export function isOpenPath(pathname: string): boolean {
  return pathname.startsWith('/verificar/');
}

/**
 * The open area: pages reachable signed out and signed in, offline-safe (the service worker serves the app for any
 * address, and each page says when it needs a connection). Today: the verification of a printed acta. Plain routes,
 * under either router (signed out or in): no page of it leads to another.
 */
export function OpenRoutes() {
  return (
    <div className="app-main">
      <Routes>
        <Route
          path={paths.verificar.path}
          element={
            <RoutePage>
              <VerificacionPage />
            </RoutePage>
          }
        />
      </Routes>
    </div>
  );
}
