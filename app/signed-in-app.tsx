import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { setSessionInvalidHandler } from './data/api-client.ts';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE, queryClient, queryPersister } from './data/query-client.ts';
import { CompanyArea } from './routes/company-area.tsx';
import { endInvalidSession } from './session/sign-out.ts';
import { bindDeviceToSession } from './sync/device-session.ts';

// Loaded with the first session of the page, never for the sign-in screen: from then on the device database, the
// outbox and the query cache follow the session (signing out here or in another tab, an expired token). Before the
// first render, so the persisted query cache is read from the signed-in person's database.
setSessionInvalidHandler(() => void endInvalidSession());
bindDeviceToSession();

const persistOptions = { persister: queryPersister, maxAge: QUERY_CACHE_MAX_AGE, buster: QUERY_CACHE_BUSTER };

/** Everything of a signed-in person: their device, the cached answers of online screens and the company area. */
export function SignedInApp({ session }: { session: Session }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <CompanyArea key={`${session.empresa.IdEmpresa}/${session.usuario.IdUsuario}`} />
    </PersistQueryClientProvider>
  );
}
