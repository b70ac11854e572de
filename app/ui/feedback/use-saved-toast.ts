import { useIonToast } from '@ionic/react';
import { useCallback } from 'react';

/** Spec: worker notices stay 3500 ms; the others 2500 ms, top right. */
export type NoticeDuration = 2500 | 3500;

/**
 * The spec's success notice after a write, which now means "saved on this device": offline it also says the
 * change leaves when the connection returns.
 */
export function useSavedToast(): (message: string, duration?: NoticeDuration) => void {
  const [present, dismiss] = useIonToast();
  return useCallback(
    (message: string, duration: NoticeDuration = 2500) => {
      const offline = typeof navigator !== 'undefined' && !navigator.onLine;
      // Ionic's hook ignores a present while its previous toast is still shown: the newer notice must replace it.
      void dismiss().then(() =>
        present({
          message: offline ? `${message}. Guardado en este dispositivo: se sincronizará cuando vuelva la conexión.` : message,
          color: 'success',
          duration: offline ? duration + 2000 : duration,
          position: 'top',
          cssClass: 'saved-toast',
        }),
      );
    },
    [present, dismiss],
  );
}
