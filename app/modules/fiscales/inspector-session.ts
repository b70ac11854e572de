import type { InspectorLoginSuccess, InspectorSession, SISTEMA_FISCALES } from '#sync/schemas/fiscales.schema.ts';
import { useSyncExternalStore } from 'react';
import { SYSTEM_STORAGE_KEY } from '#app/session/current-system.ts';

/**
 * An inspector's session (spec 2.1: the stored system FISCALES opens the inspector routes). Kept apart from a company
 * user's: it has no company, no permissions and no device database, and nothing of it is readable by company screens.
 */
// The value, not an import: this file is part of the first screen, and the schema module would bring its validators.
const FISCALES: typeof SISTEMA_FISCALES = 'FISCALES';
const TOKEN_KEY = 'fiscal_token';
const SESSION_KEY = 'fiscal_session';

export interface StoredInspectorSession {
  token: string;
  session: InspectorSession;
}

const listeners = new Set<() => void>();
let current: StoredInspectorSession | null = readStored();

function readStored(): StoredInspectorSession | null {
  try {
    if (localStorage.getItem(SYSTEM_STORAGE_KEY) !== FISCALES) return null;
    const token = localStorage.getItem(TOKEN_KEY);
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as InspectorSession | null;
    if (!token || !session?.fiscalizador?.IdFiscalizador) return null;
    if (Date.parse(session.expiraEn) <= Date.now()) return null;
    return { token, session };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeInspectorSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInspectorSession(): StoredInspectorSession | null {
  return current;
}

export function useInspectorSession(): InspectorSession | null {
  return useSyncExternalStore(subscribeInspectorSession, () => current?.session ?? null);
}

export function saveInspectorSession({ token, ...session }: InspectorLoginSuccess): void {
  localStorage.setItem(SYSTEM_STORAGE_KEY, FISCALES);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  current = { token, session };
  emit();
}

function clearStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Blocked storage has nothing to clear.
  }
}

/** Cerrar Sesión (spec 2.5): tells the server, clears all storage, and the app shows the inspectors' sign-in. */
export function signOutInspector(): void {
  const token = current?.token;
  if (token) {
    void fetch('/api/fiscales/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
  }
  clearStorage();
  current = null;
  emit();
}

/**
 * The server refused the stored token (spec 2.1: signed out, storage cleared, sent to the login). Only the stored
 * system stays, so the login this device is sent to is the inspectors' (`isInspectorDevice`).
 */
export function endInspectorSession(): void {
  clearStorage();
  try {
    localStorage.setItem(SYSTEM_STORAGE_KEY, FISCALES);
  } catch {
    // Without storage the device is sent to the company's sign-in, from which the inspectors' is one link away.
  }
  current = null;
  emit();
}

/** The stored system is the inspectors' (spec 2.1): signed out, this device's sign-in is /fiscales/login. */
export function isInspectorDevice(): boolean {
  try {
    return localStorage.getItem(SYSTEM_STORAGE_KEY) === FISCALES;
  } catch {
    return false;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === SESSION_KEY) {
      current = readStored();
      emit();
    }
  });
}
