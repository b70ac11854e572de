import { alertController, type AlertOptions } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';

export interface ShownAlert {
  /** Resolves with the role of the button that closed it (`confirm`, `cancel`, ...). */
  closed: Promise<string | undefined>;
  dismiss: () => void;
}

/**
 * Ionic's alert through its controller rather than @ionic/react's component: the alert's code then ships with the
 * screens that show one, and the sign-in screen loads it only when a company is blocked (first-screen budget).
 */
export function presentAlert(options: AlertOptions): ShownAlert {
  defineCustomElement();
  const alert = alertController.create(options);
  const closed = alert.then(async (element) => {
    await element.present();
    return (await element.onDidDismiss()).role;
  });
  return { closed, dismiss: () => void alert.then((element) => element.dismiss()).catch(() => undefined) };
}
