import type { Session } from '#sync/schemas/auth.schema.ts';
import { useEffect, useState } from 'react';
import { isSessionExpired } from '#app/session/session-store.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Turns true when the token's lifetime ends, even if nothing else re-renders the screen. */
export function useSessionExpired(session: Session): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const remaining = Date.parse(session.expiraEn) - Date.now();
    if (!(remaining > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(remaining + 500, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [session.expiraEn]);
  return isSessionExpired(session, now);
}
