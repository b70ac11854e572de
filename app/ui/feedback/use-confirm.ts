import { useCallback } from 'react';
import { presentAlert } from './present-alert.ts';

interface ConfirmOptions {
  header: string;
  message: string;
  /** The spec's confirm dialog: "Cancelar" and "Eliminar" (or "Aceptar"). */
  confirmText?: string;
}

/** A yes/no question; resolves true only when the person pressed the confirm button. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  return useCallback(async ({ header, message, confirmText = 'Eliminar' }: ConfirmOptions) => {
    const shown = presentAlert({
      header,
      message,
      buttons: [
        { text: 'Cancelar', role: 'cancel' },
        { text: confirmText, role: 'confirm' },
      ],
    });
    return (await shown.closed) === 'confirm';
  }, []);
}
