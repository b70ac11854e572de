import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';

interface FormActionsProps {
  /** The last failure, announced in the alert region (kept on screen, empty, so a new one is read out). */
  error: string | null;
  /** Where the work is kept until it is sent ("se guarda en este dispositivo…"). */
  note: string;
  busy: boolean;
  onSubmit: () => void;
  /** Where Cancelar goes: the list the page came from. */
  cancelHref: string;
  /** The submit button's words. */
  children: ReactNode;
}

/** The end of a page's own form: its failure, where it is saved, the large submit button and Cancelar. */
export function FormActions({ error, note, busy, onSubmit, cancelHref, children }: FormActionsProps) {
  return (
    <>
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      <p className="muted">{note}</p>
      <div className="button-row record-form__actions">
        <IonButton size="large" onClick={onSubmit} disabled={busy}>
          {children}
        </IonButton>
        <IonButton fill="outline" color="dark" routerLink={cancelHref}>
          Cancelar
        </IonButton>
      </div>
    </>
  );
}
