import type { Replayer } from '#sync/outbox/replayer.ts';
import { OUTBOX_SYNC_TAG, REQUEST_SYNC_MESSAGE } from '#app/pwa/sync-messages.ts';

// TypeScript's DOM library has no Background Sync yet.
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the app when the network returns, even if the tab is in the background (Chromium).
 * Browsers without Background Sync rely on the in-page triggers alone.
 */
export function registerBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

/** The service worker's `sync` event reaches the replayer of this page as a message. */
export function listenToBackgroundSync(replayer: Replayer): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === REQUEST_SYNC_MESSAGE) void replayer.requestSync({ ignoreBackoff: true });
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
