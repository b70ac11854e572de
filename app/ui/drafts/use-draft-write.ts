import { useCallback } from 'react';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { DraftError } from '#app/data/drafts.ts';
import { trackDraftWrite } from './use-draft-text.ts';

export interface DraftWrite {
  reportError: (error: unknown) => void;
  /** Every change of the draft goes through here: written at once, and a refusal is shown, never swallowed. */
  write: (change: Promise<unknown>) => Promise<unknown>;
}

/** Writes a change of the draft on this device and tells the person when it could not be saved. */
export function useDraftWrite(): DraftWrite {
  const notify = useNotice();
  const reportError = useCallback(
    (error: unknown) => notify({ message: error instanceof DraftError ? error.message : 'No fue posible guardar el cambio en este dispositivo', tone: 'error' }),
    [notify],
  );
  const write = useCallback((change: Promise<unknown>) => trackDraftWrite(change).catch(reportError), [reportError]);
  return { reportError, write };
}
