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

/**
 * Every notice of the app: top right under the top bar, one at a time, the newest replacing the one shown. Through
 * Ionic's toast controller rather than @ionic/react's hook, its code loaded with the first notice (precached, so
 * offline too): neither the sign-in screen nor Inicio carries it (first-screen budget).
 */
export function useNotice(): (notice: Notice) => void {
  return useCallback(({ message, tone, duration = tone === 'error' ? 3500 : 2500 }: Notice) => {
    void import('./ionic-overlays.ts')
      .then(async ({ createToast }) => {
        // Another screen's notice would sit under this one.
        const shown = [...document.querySelectorAll<HTMLIonToastElement>(`ion-toast.${NOTICE_CLASS}`)];
        await Promise.all(shown.map((toast) => toast.dismiss()));
        return createToast({
          message,
          color: COLORS[tone],
          duration,
          position: 'top',
          positionAnchor: document.getElementById(TOP_BAR_ID) ?? undefined,
          cssClass: NOTICE_CLASS,
        });
      })
      .then((toast) => toast.present());
  }, []);
}
