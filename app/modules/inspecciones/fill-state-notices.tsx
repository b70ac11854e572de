import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import type { RefusedWrite } from '#app/data/refused-writes.ts';
import type { InspectionDraft } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CorrectionNotice, isCorrecting } from '#app/ui/records/record-correction.tsx';
import { refusalOf } from './draft-reopen.ts';

interface FillStateNoticesProps {
  draft: InspectionDraft;
  readOnly: boolean;
  refused: RefusedWrite | null | undefined;
  reopening: boolean;
  onReopen: () => void;
}

/** A finished draft: its refusal by the server with "Reabrir para corregir" (SPEC IN11), or a link to the inspection. */
function FinishedDraftNotice({ draft, refused, reopening, onReopen }: Omit<FillStateNoticesProps, 'readOnly'>) {
  const session = useRequiredSession();
  if (!isCorrecting(refused)) {
    return (
      <div className="notice notice--success" role="status">
        <p>Esta inspección fue finalizada y ya no se puede modificar.</p>
        <Link to={paths.inspecciones.detalles.href(draft.IdEvaluacion)}>Ver inspección</Link>
      </div>
    );
  }
  return (
    <>
      <CorrectionNotice
        refused={refused}
        hint="Reábrela para corregirla: sus respuestas, observaciones, fotos y firmas se conservan, y al finalizarla de nuevo se enviará otra vez."
      />
      {hasPermission(session, paths.inspecciones.list.href, 'crear') && (
        <div className="button-row">
          <IonButton size="large" disabled={reopening} onClick={onReopen}>
            {reopening ? 'Reabriendo…' : 'Reabrir para corregir'}
          </IonButton>
        </div>
      )}
    </>
  );
}

/** Above the checklist: whether the draft can still be changed, and why the server refused it if it did. */
export function FillStateNotices({ readOnly, ...notice }: FillStateNoticesProps) {
  if (readOnly) return <FinishedDraftNotice {...notice} />;
  const refusal = refusalOf(notice.draft);
  if (!refusal) return null;
  return (
    <div className="notice notice--error" role="alert">
      <p>El servidor rechazó esta inspección: {refusal.mensaje}</p>
      <p>Corrige lo necesario y finalízala de nuevo.</p>
    </div>
  );
}
