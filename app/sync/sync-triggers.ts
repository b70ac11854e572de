import type { WithLock } from '#sync/outbox/local-lock.ts';
import type { Replayer } from '#sync/outbox/replayer.ts';

export interface TriggerEnvironment {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: DocumentVisibilityState };
  navigator: { onLine: boolean };
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

function browserEnvironment(): TriggerEnvironment {
  return {
    window,
    document,
    navigator,
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
  };
}

/** One replaying tab at a time across tabs and the service worker (SPEC RP1). */
export const withWebLock: WithLock = (name, fn) =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, fn) : fn();

/**
 * The in-page triggers of SPEC RP12/RP13: start, `online`, tab visible again and a periodic timer. The
 * "Sincronizar" button calls `replayer.requestSync({ ignoreBackoff: true })`; the service worker's `sync` event
 * runs its own replayer over the same database. Returns a function that removes every listener.
 */
export function startSyncTriggers(replayer: Replayer, options: { intervalMs?: number; environment?: TriggerEnvironment } = {}): () => void {
  const env = options.environment ?? browserEnvironment();
  const onOnline = () => {
    replayer.setOnline(true);
    void replayer.requestSync({ ignoreBackoff: true });
  };
  const onOffline = () => replayer.setOnline(false);
  const onVisibility = () => {
    if (env.document.visibilityState === 'visible') void replayer.requestSync();
  };
  env.window.addEventListener('online', onOnline);
  env.window.addEventListener('offline', onOffline);
  env.document.addEventListener('visibilitychange', onVisibility);
  const timer = env.setInterval(() => void replayer.requestSync(), options.intervalMs ?? 60_000);
  replayer.setOnline(env.navigator.onLine);
  void replayer.requestSync();
  return () => {
    env.window.removeEventListener('online', onOnline);
    env.window.removeEventListener('offline', onOffline);
    env.document.removeEventListener('visibilitychange', onVisibility);
    env.clearInterval(timer);
  };
}
