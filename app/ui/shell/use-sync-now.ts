import { TRANSPORT_MESSAGES } from '#sync/outbox/fetch-transport.ts';
import { useCallback } from 'react';
import { useDevice } from '#app/sync/use-device.ts';
import { useNotice } from '#app/ui/feedback/use-notice.ts';

/**
 * The "Sincronizar" buttons: send now. Without a connection nothing can leave, so the person is told why instead of
 * a button that seems to do nothing; the queue goes by itself when the connection returns (sync triggers).
 */
export function useSyncNow(): () => void {
  const device = useDevice();
  const notify = useNotice();
  return useCallback(() => {
    if (!device) return;
    if (!navigator.onLine || !device.replayer.getState().online) {
      notify({ message: TRANSPORT_MESSAGES.offline, tone: 'info' });
      return;
    }
    void device.replayer.requestSync({ ignoreBackoff: true });
  }, [device, notify]);
}
