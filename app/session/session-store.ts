import type { LoginSuccess, Session } from '#sync/schemas/auth.schema.ts';

const TOKEN_KEY = 'token';
const SESSION_KEY = 'session';

export interface StoredSession {
  token: string;
  session: Session;
}

const listeners = new Set<() => void>();
let current: StoredSession | null = readStoredSession();
let endNotice: string | null = null;

function readStoredSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(SESSION_KEY);
    if (!token || !raw) return null;
    const session = JSON.parse(raw) as Session;
    if (!isUsable(session)) {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(SESSION_KEY);
      return null;
    }
    return { token, session };
  } catch {
    return null;
  }
}

/** A session without user data counts as signed out (spec 2.1). */
function isUsable(session: Partial<Session> | null): session is Session {
  return Boolean(session?.usuario?.IdUsuario && session.empresa?.IdEmpresa && Array.isArray(session.permisos));
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getStoredSession(): StoredSession | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function saveSession({ token, ...session }: LoginSuccess): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  current = { token, session };
  endNotice = null;
  emit();
}

export function replaceSession(session: Session): void {
  if (!current || !isUsable(session)) return;
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  current = { token: current.token, session };
  emit();
}

/** `notice` tells the sign-in screen why the session ended when the person did not ask for it. */
export function forgetSession(notice: string | null = null): void {
  if (!current) return;
  current = null;
  endNotice = notice;
  emit();
}

export function sessionEndNotice(): string | null {
  return endNotice;
}

export function isSessionExpired(session: Session, now = Date.now()): boolean {
  const expiresAt = Date.parse(session.expiraEn);
  return Number.isFinite(expiresAt) && expiresAt <= now;
}

// Another tab signing out clears the shared storage: follow it instead of showing a dead session.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === SESSION_KEY) {
      const next = readStoredSession();
      if (next?.token !== current?.token) {
        current = next;
        emit();
      }
    }
  });
}
