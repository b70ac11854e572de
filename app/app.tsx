import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Suspense } from 'react';
import { exposeBenchHooks } from './data/bench-hooks.ts';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import { PublicRoutes } from './routes/public-routes.tsx';
import { SignedInArea } from './routes/signed-in-area.ts';
import { useSession } from './session/use-session.ts';
import { PageLoading } from './ui/feedback/page-loading.tsx';

exposeBenchHooks();

/**
 * The sign-in screen loads only itself: the device database, the sync engine, the query cache and every module's
 * screens come with the first session (first-screen budget, tests/e2e/first-screen-budget.spec.ts).
 */

export function App() {
  const session = useSession();
  return (
    <IonApp>
      <IonReactRouter>
        {session ? (
          <Suspense fallback={<PageLoading />}>
            <SignedInArea session={session} />
          </Suspense>
        ) : (
          <PublicRoutes />
        )}
      </IonReactRouter>
      <UpdatePrompt />
    </IonApp>
  );
}
