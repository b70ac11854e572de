import { IonButton } from '@ionic/react';

interface RecordActionsProps {
  editHref: string;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
}

/** Editar and Eliminar under a record's detail, each shown only to a role that may. */
export function RecordActions({ editHref, canEdit, canDelete, onDelete }: RecordActionsProps) {
  if (!canEdit && !canDelete) return null;
  return (
    <div className="button-row">
      {canEdit && <IonButton routerLink={editHref}>Editar</IonButton>}
      {canDelete && (
        <IonButton fill="outline" color="danger" onClick={onDelete}>
          Eliminar
        </IonButton>
      )}
    </div>
  );
}
