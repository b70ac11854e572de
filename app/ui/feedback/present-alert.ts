import type { AlertOptions } from '@ionic/core/components';

export interface ShownAlert {
  /** Resolves with the role of the button that closed it (`confirm`, `cancel`, ...). */
  closed: Promise<string | undefined>;
  dismiss: () => void;
}

/**
 * Ionic's alert through its controller rather than @ionic/react's component, its code loaded when one is shown
 * (precached, so offline too): neither the sign-in screen nor Inicio carries it (first-screen budget).
 */
export function presentAlert(options: AlertOptions): ShownAlert {
  const alert = import('./ionic-overlays.ts').then(({ createAlert }) => createAlert(options));
  const closed = alert.then(async (element) => {
    await element.present();
    return (await element.onDidDismiss()).role;
  });
  return { closed, dismiss: () => void alert.then((element) => element.dismiss()).catch(() => undefined) };
}
