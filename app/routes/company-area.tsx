import { IonRouterOutlet } from '@ionic/react';
import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { homeOf, useCurrentSystem } from '#app/session/current-system.ts';
import { useSessionCheck } from '#app/session/use-session-check.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { AppShell } from '#app/ui/shell/app-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths } from './paths.ts';
import { RoutePage } from './route-page.tsx';

const DashboardPage = lazy(() => import('#app/modules/dashboard/dashboard-page.tsx').then((module) => ({ default: module.DashboardPage })));
const UserProfilePage = lazy(() => import('#app/modules/perfil/user-profile-page.tsx').then((module) => ({ default: module.UserProfilePage })));
const CompanyProfilePage = lazy(() =>
  import('#app/modules/perfil/company-profile-page.tsx').then((module) => ({ default: module.CompanyProfilePage })),
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
              <DashboardPage />
            </RoutePage>
          }
        />
        <Route
          path={paths.perfil.usuario.path}
          element={
            <RoutePage>
              <UserProfilePage />
            </RoutePage>
          }
        />
        <Route
          path={paths.perfil.empresa.path}
          element={
            <RoutePage>
              <CompanyProfilePage />
            </RoutePage>
          }
        />
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
