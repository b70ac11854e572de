import { alertController, type AlertOptions, toastController, type ToastOptions } from '@ionic/core/components';
import { defineCustomElement as defineAlert } from '@ionic/core/components/ion-alert.js';
import { defineCustomElement as defineToast } from '@ionic/core/components/ion-toast.js';

/**
 * Ionic's alert and toast, loaded when the first one is shown (present-alert.ts, use-notice.ts): neither the sign-in
 * screen nor Inicio carries their code. A module of its own, so the bundler keeps both components out of the chunks
 * every screen loads.
 */
export function createAlert(options: AlertOptions): Promise<HTMLIonAlertElement> {
  defineAlert();
  return alertController.create(options);
}

export function createToast(options: ToastOptions): Promise<HTMLIonToastElement> {
  defineToast();
  return toastController.create(options);
}
