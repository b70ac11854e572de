import { IonRouterOutlet } from '@ionic/react';
import { lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { LoginPage } from '#app/modules/auth/login-page.tsx';
import { paths } from './paths.ts';
import { RoutePage } from './route-page.tsx';

const ForgotPasswordPage = lazy(() =>
  import('#app/modules/auth/forgot-password-page.tsx').then((module) => ({ default: module.ForgotPasswordPage })),
);

/** Signed out (spec 2.2, reading B): sign-in, recovery, and everything else back to sign-in. */
export function PublicRoutes() {
  return (
    <div className="app-main">
      <IonRouterOutlet animated={false}>
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
        <Route path={paths.root.path} element={<Navigate to={paths.login.href} replace />} />
        <Route path="*" element={<Navigate to={paths.login.href} replace />} />
      </IonRouterOutlet>
    </div>
  );
}
