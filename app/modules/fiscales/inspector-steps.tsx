import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '#app/ui/auth-layout.tsx';
import { FormMessage, type FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { inspectorPaths } from './inspector-paths.ts';

interface InspectorStepsProps {
  title: string;
  step: 0 | 1 | 2;
  message: FormMessageValue | null;
  children: ReactNode;
}

/** A three-step flow of spec 4.2 and 4.3: its step said aloud, its message, and the way back to sign-in. */
export function InspectorSteps({ title, step, message, children }: InspectorStepsProps) {
  const navigate = useNavigate();
  return (
    <AuthLayout title={title}>
      <p className="muted" aria-live="polite">
        Paso {step + 1} de 3
      </p>
      <FormMessage message={message} />
      {children}
      {step === 2 ? (
        <IonButton expand="block" onClick={() => navigate(inspectorPaths.login)}>
          Ir a iniciar sesión
        </IonButton>
      ) : (
        <div className="auth-links">
          <Link to={inspectorPaths.login}>Volver a iniciar sesión</Link>
        </div>
      )}
    </AuthLayout>
  );
}

/** Without SMTP the server keeps mail in its local mailbox: say where the e-mail is. */
export function MailboxHint() {
  return (
    <p className="muted">
      Si esta instalación no tiene servidor de correo configurado, el mensaje queda en el{' '}
      <a href="/buzon" target="_blank" rel="noopener">
        buzón local
      </a>
      .
    </p>
  );
}
