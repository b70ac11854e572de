import { useIonAlert } from '@ionic/react';
import { useCallback } from 'react';

interface ConfirmOptions {
  header: string;
  message: string;
  /** The spec's confirm dialog: "Cancelar" and "Eliminar" (or "Aceptar"). */
  confirmText?: string;
}

/** A yes/no question; resolves true only when the person pressed the confirm button. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const [present] = useIonAlert();
  return useCallback(
    ({ header, message, confirmText = 'Eliminar' }: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        void present({
          header,
          message,
          buttons: [
            { text: 'Cancelar', role: 'cancel' },
            { text: confirmText, role: 'confirm' },
          ],
          onDidDismiss: (event) => resolve(event.detail.role === 'confirm'),
        });
      }),
    [present],
  );
}
