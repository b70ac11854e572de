import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { setSessionInvalidHandler } from './data/api-client.ts';
import { exposeBenchHooks } from './data/bench-hooks.ts';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE, queryClient, queryPersister } from './data/query-client.ts';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import { isOpenPath, OpenRoutes } from './routes/open-routes.tsx';
import { PublicRoutes } from './routes/public-routes.tsx';
import { endInvalidSession } from './session/sign-out.ts';
import { useSession } from './session/use-session.ts';
import { bindDeviceToSession } from './sync/device-session.ts';
import { PageLoading } from './ui/feedback/page-loading.tsx';

const CompanyArea = lazy(() => import('./routes/company-area.tsx').then((module) => ({ default: module.CompanyArea })));

setSessionInvalidHandler(() => void endInvalidSession());
// Before the first render: the persisted query cache is read from the signed-in person's database.
bindDeviceToSession();
exposeBenchHooks();

const persistOptions = { persister: queryPersister, maxAge: QUERY_CACHE_MAX_AGE, buster: QUERY_CACHE_BUSTER };

/** The open area for its addresses, whoever is signed in; otherwise the company area or sign-in. */
function AppAreas() {
  const session = useSession();
  const { pathname } = useLocation();
  if (isOpenPath(pathname)) return <OpenRoutes />;
  return session ? (
    <Suspense fallback={<PageLoading />}>
      <CompanyArea key={`${session.empresa.IdEmpresa}/${session.usuario.IdUsuario}`} />
    </Suspense>
  ) : (
    <PublicRoutes />
  );
}

export function App() {
  return (
    <IonApp>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <IonReactRouter>
          <AppAreas />
        </IonReactRouter>
        <UpdatePrompt />
      </PersistQueryClientProvider>
    </IonApp>
  );
}
