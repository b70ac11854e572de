import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useModalDialog } from '#app/ui/feedback/use-modal-dialog.ts';
import './office.css';

interface TemporaryPasswordDialogProps {
  /** Whose account it opens, and with which e-mail they sign in. */
  name: string;
  email: string;
  password: string;
  /** The write is still queued (offline): the account exists once it reaches the server. */
  pending: boolean;
  onClose: () => void;
}

/**
 * SPEC OF3: without SMTP the e-mail stays in the server's local mailbox, so the administrator is shown the
 * temporary password once, to hand it over. It is not kept anywhere on the device after this dialog.
 */
export function TemporaryPasswordDialog({ name, email, password, pending, onClose }: TemporaryPasswordDialogProps) {
  const [copied, setCopied] = useState(false);
  const dialog = useModalDialog();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      className="modal-dialog temporary-password"
      aria-labelledby="temporary-password-title"
      // Escape must not close it before the password is handed over: only "Entendido" does.
      onCancel={(event) => event.preventDefault()}
    >
      <div>
        <h2 id="temporary-password-title">Contraseña temporal</h2>
        <p>
          Entrégale esta contraseña a {name}: inicia sesión con el RUT de la empresa, su correo <strong>{email}</strong> y esta contraseña,
          y en ese momento elige una nueva. No se volverá a mostrar.
        </p>
        {pending && (
          <p className="notice notice--info">Podrá iniciar sesión cuando este cambio llegue al servidor, al volver la conexión.</p>
        )}
        <p className="temporary-password__value" aria-label="Contraseña temporal">
          {password}
        </p>
        <p role="status" className="muted">
          {copied ? 'Copiada al portapapeles.' : ''}
        </p>
        <div className="button-row">
          <IonButton fill="outline" color="dark" onClick={() => void copy()}>
            Copiar
          </IonButton>
          <IonButton onClick={onClose}>Entendido</IonButton>
        </div>
      </div>
    </dialog>
  );
}
