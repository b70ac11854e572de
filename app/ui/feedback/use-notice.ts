import { useIonToast } from '@ionic/react';
import { useCallback } from 'react';
import './notice.css';

/** Spec part 2, section 9: notices stay 2500 ms, or 3500 ms where the spec says so (worker, contract, yield type). */
export type NoticeDuration = 2500 | 3500;

export type NoticeTone = 'success' | 'error' | 'info';

export interface Notice {
  message: string;
  tone: NoticeTone;
  /** 2500 unless given; errors, on which the spec is silent, stay the spec's longer 3500 so a refusal can be read. */
  duration?: NoticeDuration;
}

const COLORS: Record<NoticeTone, string> = { success: 'success', error: 'danger', info: 'dark' };
const NOTICE_CLASS = 'app-notice';

/** The shell's top bar: notices open just under it, so they never hide the sync status (SPEC RP14) or the menu. */
export const TOP_BAR_ID = 'app-top-bar';

/** Every notice of the app: top right under the top bar, one at a time, the newest replacing the one shown. */
export function useNotice(): (notice: Notice) => void {
  const [present, dismiss] = useIonToast();
  return useCallback(
    ({ message, tone, duration = tone === 'error' ? 3500 : 2500 }: Notice) => {
      const shown = [...document.querySelectorAll<HTMLIonToastElement>(`ion-toast.${NOTICE_CLASS}`)];
      // Ionic's hook ignores a present while its own toast is still open, and another screen's notice would sit under this one.
      void Promise.all([dismiss(), ...shown.map((toast) => toast.dismiss())]).then(() =>
        present({
          message,
          color: COLORS[tone],
          duration,
          position: 'top',
          positionAnchor: document.getElementById(TOP_BAR_ID) ?? undefined,
          cssClass: NOTICE_CLASS,
        }),
      );
    },
    [present, dismiss],
  );
}
