import { IonApp } from '@ionic/react';
import { Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { useInspectorSession } from './modules/fiscales/inspector-session.ts';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import { isOpenPath, OpenRoutes } from './routes/open-routes.tsx';
import { PublicRoutes } from './routes/public-routes.tsx';
import { SignedInRouter } from './routes/signed-in-area.ts';
import { useSession } from './session/use-session.ts';
import { PageLoading } from './ui/feedback/page-loading.tsx';

/**
 * The sign-in screen loads only itself: Ionic's router, the device database, the sync engine, the query cache and
 * every module's screens come with the first session (first-screen budget, tests/e2e/first-screen-budget.spec.ts).
 */

/** Signed out (spec 2.2, reading B): the open area for its addresses, sign-in and recovery for any other. */
function SignedOutAreas() {
  const { pathname } = useLocation();
  return isOpenPath(pathname) ? <OpenRoutes /> : <PublicRoutes />;
}

function AppAreas() {
  const session = useSession();
  const inspector = useInspectorSession();
  if (session || inspector) {
    return (
      <Suspense fallback={<PageLoading />}>
        <SignedInRouter />
      </Suspense>
    );
  }
  return (
    <BrowserRouter>
      <SignedOutAreas />
    </BrowserRouter>
  );
}

export function App() {
  return (
    <IonApp>
      <AppAreas />
      <UpdatePrompt />
    </IonApp>
  );
}
