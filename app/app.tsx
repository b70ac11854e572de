import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useInspectorSession } from './modules/fiscales/inspector-session.ts';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import { isOpenPath, OpenRoutes } from './routes/open-routes.tsx';
import { PublicRoutes } from './routes/public-routes.tsx';
import { SignedInArea } from './routes/signed-in-area.ts';
import { useSession } from './session/use-session.ts';
import { PageLoading } from './ui/feedback/page-loading.tsx';

const InspectorArea = lazy(() => import('./modules/fiscales/inspector-area.tsx').then((module) => ({ default: module.InspectorArea })));

/**
 * The sign-in screen loads only itself: the device database, the sync engine, the query cache and every module's
 * screens come with the first session (first-screen budget, tests/e2e/first-screen-budget.spec.ts).
 */

/**
 * The open area for its addresses, whoever is signed in; otherwise (spec 2.1) the inspector routes for an inspector's
 * session, the company area for a company user's, or sign-in.
 */
function AppAreas() {
  const session = useSession();
  const inspector = useInspectorSession();
  const { pathname } = useLocation();
  if (isOpenPath(pathname)) return <OpenRoutes />;
  if (inspector) {
    return (
      <Suspense fallback={<PageLoading />}>
        <InspectorArea />
      </Suspense>
    );
  }
  return session ? (
    <Suspense fallback={<PageLoading />}>
      <SignedInArea session={session} />
    </Suspense>
  ) : (
    <PublicRoutes />
  );
}

export function App() {
  return (
    <IonApp>
      <IonReactRouter>
        <AppAreas />
      </IonReactRouter>
      <UpdatePrompt />
    </IonApp>
  );
}
