import { liveQuery } from 'dexie';
import type { AppDb } from '#app/db/app-db.ts';

/** What became of a queued office write (SPEC OF2). */
export type OfficeWriteFate =
  /** The server took it: it left the outbox. */
  | { kind: 'enviado' }
  /** The server refused it: it waits, dead, for the person to correct and resend it or to discard it. */
  | { kind: 'rechazado'; key: string; message: string; code?: string }
  /** Still queued (offline, or the server is slow): it goes by itself when it can. */
  | { kind: 'pendiente'; key: string };

/** How long a screen waits for the server before saying "saved on this device". */
export const OFFICE_WRITE_WAIT_MS = 8000;

/** Watches the outbox entry `key` until it leaves, dies, or `waitMs` pass (at once when offline). */
export function entryFate(db: AppDb, key: string, waitMs = OFFICE_WRITE_WAIT_MS): Promise<OfficeWriteFate> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (fate: OfficeWriteFate) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      resolve(fate);
    };
    const timer = setTimeout(() => settle({ kind: 'pendiente', key }), typeof navigator !== 'undefined' && !navigator.onLine ? 0 : waitMs);
    const subscription = liveQuery(() => db.outbox.where('key').equals(key).first()).subscribe({
      next: (entry) => {
        if (!entry) settle({ kind: 'enviado' });
        else if (entry.state === 'dead') settle({ kind: 'rechazado', key, message: entry.lastError?.message ?? 'El servidor rechazó el cambio.', ...(entry.lastError?.code ? { code: entry.lastError.code } : {}) });
      },
      error: () => settle({ kind: 'pendiente', key }),
    });
    if (settled) subscription.unsubscribe();
  });
}
