import { useCallback } from 'react';
import { DraftError } from '#app/data/drafts.ts';
import { useNotice } from '#app/ui/feedback/use-notice.ts';

/**
 * Runs a change of a draft, written on the device at once: its refusal (a DraftError, with the reason to show) is
 * shown, never swallowed.
 */
export function useDraftChange(): (change: Promise<unknown>) => void {
  const notify = useNotice();
  return useCallback(
    (change: Promise<unknown>) =>
      void change.catch((error: unknown) =>
        notify({ message: error instanceof DraftError ? error.message : 'No fue posible guardar el cambio en este dispositivo', tone: 'error' }),
      ),
    [notify],
  );
}
