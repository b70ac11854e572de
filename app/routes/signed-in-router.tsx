import { IonReactRouter } from '@ionic/react-router';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useInspectorSession } from '#app/modules/fiscales/inspector-session.ts';
import { useSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { isOpenPath, OpenRoutes } from './open-routes.tsx';
import { SignedInArea } from './signed-in-area.ts';

const InspectorArea = lazy(() => import('#app/modules/fiscales/inspector-area.tsx').then((module) => ({ default: module.InspectorArea })));

/**
 * The open area for its addresses, whoever is signed in; otherwise (spec 2.1) the inspector routes for an inspector's
 * session or the company area for a company user's.
 */
function SignedInAreas() {
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
  ) : null;
}

/** Ionic's router (its page stacks) serves only signed-in areas: the sign-in screen goes without it (first-screen budget). */
export function SignedInRouter() {
  return (
    <IonReactRouter>
      <SignedInAreas />
    </IonReactRouter>
  );
}
