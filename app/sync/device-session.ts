import { Dexie } from 'dexie';
import { getStoredSession, getToken, subscribeSession } from '#app/session/session-store.ts';
import { startDeviceSync, stopDeviceSync } from './device-sync.ts';

/** The single database every person shared before databases were per user (SPEC OB9); it held cached answers. */
const LEGACY_SHARED_DB = 'andes-hse';

/** Opens the signed-in person's database and outbox, and lets them go when the session ends (here or in another tab). */
export function bindDeviceToSession(): () => void {
  void Dexie.delete(LEGACY_SHARED_DB).catch(() => undefined);
  const follow = () => {
    const stored = getStoredSession();
    if (stored) {
      const { usuario, empresa } = stored.session;
      // Read at each pull: a new sign-in may bring other worksites.
      const scoped = () => (getStoredSession()?.session.usuario.Faenas?.length ?? 0) > 0;
      startDeviceSync({ userId: usuario.IdUsuario, companyId: empresa.IdEmpresa, getToken, scoped });
    }
    else stopDeviceSync();
  };
  follow();
  return subscribeSession(follow);
}
