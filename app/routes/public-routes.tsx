import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoginPage } from '#app/modules/auth/login-page.tsx';
import { inspectorPaths } from '#app/modules/fiscales/inspector-paths.ts';
import { isInspectorDevice } from '#app/modules/fiscales/inspector-session.ts';
import { paths } from '#app/navigation/paths.ts';
import { RoutePage } from '#app/navigation/route-page.tsx';

const InspectorLoginPage = lazy(() => import('#app/modules/fiscales/inspector-login-page.tsx').then((module) => ({ default: module.InspectorLoginPage })));
const InspectorRegisterPage = lazy(() =>
  import('#app/modules/fiscales/inspector-register-page.tsx').then((module) => ({ default: module.InspectorRegisterPage })),
);
const InspectorRecoveryPage = lazy(() =>
  import('#app/modules/fiscales/inspector-recovery-page.tsx').then((module) => ({ default: module.InspectorRecoveryPage })),
);

const ForgotPasswordPage = lazy(() =>
  import('#app/modules/auth/forgot-password-page.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);

function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The inspectors' public screens (spec 2.5), each loaded only when opened. Chosen here by the decoded address: the
 * browser percent-encodes a letter such as the ñ of /fiscales/recuperar-contraseña.
 */
const INSPECTOR_PAGES: Record<string, () => ReactNode> = {
  [inspectorPaths.login]: () => <InspectorLoginPage />,
  [inspectorPaths.registro]: () => <InspectorRegisterPage />,
  [inspectorPaths.recuperar]: () => <InspectorRecoveryPage />,
};

function InspectorPublicRoutes({ path }: { path: string }) {
  const page = INSPECTOR_PAGES[path];
  if (!page) return <Navigate to={inspectorPaths.login} replace />;
  return (
    <div className="app-main">
      <RoutePage key={path}>{page()}</RoutePage>
    </div>
  );
}

/**
 * Signed out (spec 2.2, reading B): sign-in, recovery, the inspectors' screens, and everything else back to sign-in.
 * Plain routes, without Ionic's outlet: its router comes with a session (app/routes/signed-in-router.tsx).
 */
export function PublicRoutes() {
  const { pathname } = useLocation();
  const decoded = decodedPath(pathname);
  if (decoded.startsWith('/fiscales/')) return <InspectorPublicRoutes path={decoded} />;
  // An inspector whose session ended (expired, refused) is sent to the inspectors' sign-in, not the company's.
  const signIn = isInspectorDevice() ? inspectorPaths.login : paths.login.href;
  return (
    <div className="app-main">
      <Routes>
        <Route
          path={paths.login.path}
          element={
            <RoutePage>
              <LoginPage />
            </RoutePage>
          }
        />
        <Route
          path={paths.forgotPassword.path}
          element={
            <RoutePage>
              <ForgotPasswordPage />
            </RoutePage>
          }
        />
        <Route path={paths.root.path} element={<Navigate to={signIn} replace />} />
        <Route path="*" element={<Navigate to={signIn} replace />} />
      </Routes>
    </div>
  );
}
