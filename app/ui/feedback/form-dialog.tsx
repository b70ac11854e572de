import { IonButton } from '@ionic/react';
import { type ReactNode, useId } from 'react';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

interface FormDialogProps {
  title: string;
  /** What the save button says: «Guardar lectura». */
  submitLabel: string;
  busy: boolean;
  /** A problem of the whole form (not of one field), announced as it appears. */
  problem?: string;
  onSubmit: () => void;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/** A modal form: its title names the dialog, its fields, the form's own problem, and save or cancel (Escape too). */
export function FormDialog({ title, submitLabel, busy, problem, onSubmit, onClose, className, children }: FormDialogProps) {
  const id = useId();
  const dialog = useModalDialog();
  return (
    <dialog ref={dialog} className={className ? `modal-dialog ${className}` : 'modal-dialog'} aria-labelledby={`${id}-title`} onCancel={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <div role="alert">{problem && <p className="notice notice--error">{problem}</p>}</div>
        <div className="button-row">
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
          <IonButton fill="outline" color="dark" onClick={onClose}>
            Cancelar
          </IonButton>
        </div>
      </form>
    </dialog>
  );
}
