import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import type { NoticeDuration } from '#app/ui/feedback/use-notice.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';

interface RemoveRecordOptions {
  confirmation: Parameters<ReturnType<typeof useConfirm>>[0];
  /** The local write (row and outbox entry); it only runs once the person confirmed. */
  write: () => Promise<unknown>;
  saved: string;
  savedDuration?: NoticeDuration;
  /** The list the record leaves; it replaces the detail in the history, so Back does not reopen a removed record. */
  listHref: string;
}

/** A detail page's Eliminar (or Retirar): ask, write on this device, say so, and go back to the list. */
export function useRemoveRecord(): (options: RemoveRecordOptions) => Promise<void> {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  return useCallback(
    async ({ confirmation, write, saved, savedDuration, listHref }: RemoveRecordOptions) => {
      if (!(await confirm(confirmation))) return;
      await write();
      showSaved(saved, savedDuration);
      navigate(listHref, { replace: true });
    },
    [confirm, navigate, showSaved],
  );
}
