import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RefusedWrite } from '#app/data/refused-writes.ts';
import { paths } from '#app/navigation/paths.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { isCorrecting } from '#app/ui/records/record-correction.tsx';
import { reopenRefusedDraft } from './draft-reopen.ts';

/** SPEC IN11: the refused finish leaves the outbox and the draft opens again, as it was, to be corrected. */
export function useReopenDraft(id: string | undefined, refused: RefusedWrite | null | undefined, reportError: (error: unknown) => void) {
  const navigate = useNavigate();
  const showSaved = useSavedToast();
  const [reopening, setReopening] = useState(false);

  const reopen = async () => {
    if (!id || !isCorrecting(refused) || reopening) return;
    setReopening(true);
    try {
      if (await reopenRefusedDraft(refused.entry.key)) {
        showSaved('Inspección reabierta: corrígela y finalízala de nuevo');
        navigate(paths.inspecciones.editar.href(id), { replace: true });
      }
    } catch (error) {
      reportError(error);
    } finally {
      setReopening(false);
    }
  };

  return { reopening, reopen };
}
