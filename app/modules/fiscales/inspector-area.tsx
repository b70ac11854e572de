import { IonButton, IonRouterOutlet } from '@ionic/react';
import { useEffect } from 'react';
import { Navigate, Route, useNavigate } from 'react-router-dom';
import { RoutePage } from '#app/navigation/route-page.tsx';
import { AppLogo } from '#app/ui/app-logo.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { checkInspectorSession } from './fiscales-api.ts';
import { inspectorPaths } from './inspector-paths.ts';
import { InspectorSearchPage } from './inspector-search-page.tsx';
import { signOutInspector, useInspectorSession } from './inspector-session.ts';
import './inspector.css';

/** An inspector signed in (spec 2.1, stored system FISCALES): the search screen only; every other path leads to it. */
export function InspectorArea() {
  // Spec 2.1: on start the stored token is checked; a refused one signs out (fiscales-api does it on 401).
  useEffect(() => {
    void checkInspectorSession().catch(() => undefined);
  }, []);
  return (
    <div className="app-main">
      <IonRouterOutlet animated={false}>
        <Route
          path={inspectorPaths.inicio}
          element={
            <RoutePage>
              <InspectorScreen />
            </RoutePage>
          }
        />
        <Route path={inspectorPaths.salir} element={<SignOutOnArrival />} />
        <Route path="*" element={<Navigate to={inspectorPaths.inicio} replace />} />
      </IonRouterOutlet>
    </div>
  );
}

/**
 * Cerrar Sesión navigates here first and the session ends on arrival: the public routes that replace this area then
 * find an address of their own (leading to the inspectors' sign-in) instead of sending the person to the company's.
 */
function SignOutOnArrival() {
  useEffect(() => signOutInspector(), []);
  return null;
}

function InspectorScreen() {
  const session = useInspectorSession();
  const navigate = useNavigate();
  const signOut = () => navigate(inspectorPaths.salir, { replace: true });
  return (
    <>
      <header className="inspector-bar">
        <AppLogo size={28} />
        <span className="inspector-bar__title">Portal de fiscalizadores</span>
        <span className="inspector-bar__who">{session?.fiscalizador.Correo}</span>
        <IonButton fill="outline" color="dark" size="small" onClick={signOut}>
          Cerrar Sesión
        </IonButton>
      </header>
      <PageContent>
        <main className="inspector-main">
          <InspectorSearchPage />
          <p className="muted inspector-main__law">
            Acceso de fiscalización a los registros laborales de la empresa (Ord. N° 1394/2019, Dirección del Trabajo). Cada consulta queda
            registrada y la empresa puede verla.
          </p>
        </main>
      </PageContent>
    </>
  );
}
