import { useCallback } from 'react';
import { type NoticeDuration, useNotice } from './use-notice.ts';

/**
 * The spec's success notice after a write, which now means "saved on this device": offline it also says the
 * change leaves when the connection returns.
 */
export function useSavedToast(): (message: string, duration?: NoticeDuration) => void {
  const notify = useNotice();
  return useCallback(
    (message: string, duration?: NoticeDuration) => {
      const offline = typeof navigator !== 'undefined' && !navigator.onLine;
      notify({ message: offline ? `${message.replace(/\.$/, '')}. Guardado en este dispositivo: se sincronizará cuando vuelva la conexión.` : message, tone: 'success', duration });
    },
    [notify],
  );
}
