import { IonRouterOutlet } from '@ionic/react';
import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { homeOf, useCurrentSystem } from '#app/session/current-system.ts';
import { useSessionCheck } from '#app/session/use-session-check.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { AppShell } from '#app/ui/shell/app-shell.tsx';
import { HomePage } from '#app/pages/home-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths } from '#app/navigation/paths.ts';
import { MODULE_SCREENS } from './module-screens.ts';
import { recordScreens, screen } from '#app/navigation/route-screens.tsx';
import { RoutePage } from '#app/navigation/route-page.tsx';

const TrabajadoresListPage = lazy(() =>
  import('#app/modules/trabajadores/trabajadores-list-page.tsx').then((module) => ({ default: module.TrabajadoresListPage })),
);
const TrabajadorFormPage = lazy(() =>
  import('#app/modules/trabajadores/trabajador-form-page.tsx').then((module) => ({ default: module.TrabajadorFormPage })),
);
const TrabajadoresCargaPage = lazy(() =>
  import('#app/modules/trabajadores/trabajadores-carga-page.tsx').then((module) => ({ default: module.TrabajadoresCargaPage })),
);
// The worker's record joins what other modules know of the worker (their trainings): a composition of app/pages.
const TrabajadorDetailPage = lazy(() =>
  import('#app/pages/trabajador-record-page.tsx').then((module) => ({ default: module.TrabajadorRecordPage })),
);
const ReportPage = lazy(() => import('#app/pages/report-page.tsx').then((module) => ({ default: module.ReportPage })));
const SincronizacionPage = lazy(() =>
  import('#app/modules/sincronizacion/sincronizacion-page.tsx').then((module) => ({ default: module.SincronizacionPage })),
);

/** Signed in as a company user: the shell around the company routes (spec 2.3). */
export function CompanyArea() {
  const session = useRequiredSession();
  const { system } = useCurrentSystem(session);
  useSessionCheck();

  return (
    <AppShell session={session}>
      <IonRouterOutlet animated={false}>
        <Route
          path={paths.dashboard.path}
          element={
            <RoutePage>
              <HomePage />
            </RoutePage>
          }
        />
        {recordScreens(paths.trabajadores, {
          list: <TrabajadoresListPage />,
          form: <TrabajadorFormPage />,
          detail: <TrabajadorDetailPage />,
        })}
        {screen(paths.trabajadores.carga.path, <TrabajadoresCargaPage />, paths.trabajadores.list.href)}
        {MODULE_SCREENS.map((screens) => screens())}
        {screen(paths.sincronizacion.path, <SincronizacionPage />)}
        {screen(paths.pdf.report.path, <ReportPage />)}
        <Route path={paths.inicio.path} element={<Navigate to={homeOf(system)} replace />} />
        <Route path={paths.root.path} element={<Navigate to={paths.inicio.href} replace />} />
        <Route path={paths.login.path} element={<Navigate to={paths.inicio.href} replace />} />
        <Route path={paths.forgotPassword.path} element={<Navigate to={paths.inicio.href} replace />} />
        <Route
          path="*"
          element={
            <RoutePage>
              <NotFoundPage />
            </RoutePage>
          }
        />
      </IonRouterOutlet>
    </AppShell>
  );
}
