import { IonButton } from '@ionic/react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '#app/ui/auth-layout.tsx';
import { FormMessage, type FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { inspectorPaths } from './inspector-paths.ts';

type OnMessage = (message: FormMessageValue | null) => void;

interface InspectorStepsProps {
  titles: readonly [string, string, string];
  /** Step 0: the address; `onSent` moves on with it and the server's notice. */
  first: (props: { onMessage: OnMessage; onSent: (correo: string, notice: string) => void }) => ReactNode;
  /** Step 1: what the e-mail brought and the new password; `onDone` moves to step 2 with its notice. */
  second: (props: { correo: string; onMessage: OnMessage; onDone: (notice: string) => void }) => ReactNode;
}

/**
 * A three-step flow of spec 4.2 and 4.3 (registration, recovery): the address, what the e-mail brought with the new
 * password, done. Its step said aloud, the server's message, and the way back to sign-in.
 */
export function InspectorSteps({ titles, first, second }: InspectorStepsProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [correo, setCorreo] = useState('');
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const advance = (next: 1 | 2, notice: string) => {
    setMessage({ tone: 'success', text: notice });
    setStep(next);
  };
  return (
    <AuthLayout title={titles[step]}>
      <p className="muted" aria-live="polite">
        Paso {step + 1} de 3
      </p>
      <FormMessage message={message} />
      {step === 0 &&
        first({
          onMessage: setMessage,
          onSent: (address, notice) => {
            setCorreo(address);
            advance(1, notice);
          },
        })}
      {step === 1 && second({ correo, onMessage: setMessage, onDone: (notice) => advance(2, notice) })}
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
