import { useEffect, useState } from 'react';
import type { SyncStatus } from '#app/sync/use-device.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';

/** The longest Inicio waits for a first sync before showing what the device has so far. */
const FIRST_SYNC_WAIT_MS = 12_000;

/**
 * Whether the device holds what Inicio will show: it synced before (any day), or this first sync has ended (well or
 * not), or none can run now (offline, paused, an update required), or it takes too long. Inicio lays out the cards
 * read from pulled rows only then, so a pull landing on a new device never pushes one card under another (CLS).
 */
export function useDeviceSettled(status: SyncStatus | null): boolean {
  const online = useOnlineStatus();
  const [late, setLate] = useState(false);
  const [sawSync, setSawSync] = useState(false);
  const [syncEnded, setSyncEnded] = useState(false);
  const sending = status?.sending ?? false;
  if (sending && !sawSync) setSawSync(true);
  if (!sending && sawSync && !syncEnded) setSyncEnded(true);

  useEffect(() => {
    const timer = setTimeout(() => setLate(true), FIRST_SYNC_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (late) return true;
  if (!status) return false;
  return (
    status.lastSuccessAt !== null ||
    syncEnded ||
    !online ||
    !status.online ||
    status.paused ||
    status.updateRequired ||
    status.lastError !== null
  );
}
