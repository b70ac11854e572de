import { useNavigate } from 'react-router-dom';
import type { AppDb } from '#app/db/app-db.ts';
import { paths } from '#app/navigation/paths.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { deleteDraft } from '#app/data/drafts.ts';

/** "Eliminar inspección en curso": after a confirmation, the draft leaves the device and the home screen opens. */
export function useRemoveDraft(db: AppDb | undefined, id: string | undefined) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const showSaved = useSavedToast();

  return async () => {
    if (!db || !id) return;
    const confirmed = await confirm({
      header: 'Eliminar inspección en curso',
      message: 'Se eliminarán de este dispositivo sus respuestas, observaciones, fotos y firmas. Esta acción no se puede deshacer.',
    });
    if (!confirmed) return;
    await deleteDraft(db, 'borradores', id);
    showSaved('Inspección en curso eliminada');
    navigate(paths.dashboard.href, { replace: true });
  };
}
