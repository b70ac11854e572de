import type { RecoveryRequestBody } from '#sync/schemas/auth.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { FormMessage, type FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { AuthLayout } from '#app/ui/auth-layout.tsx';
import { RecoveryConfirmForm } from './recovery-confirm-form.tsx';
import { RecoveryRequestForm } from './recovery-request-form.tsx';

type Step = { kind: 'request' } | { kind: 'confirm'; identity: RecoveryRequestBody } | { kind: 'done' };

const TITLES: Record<Step['kind'], string> = {
  request: 'Recupera tu contraseña',
  confirm: 'Ingresa el código',
  done: 'Contraseña actualizada',
};

export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ kind: 'request' });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const navigate = useNavigate();

  return (
    <AuthLayout title={TITLES[step.kind]}>
      <p className="muted" aria-live="polite">
        Paso {step.kind === 'request' ? 1 : step.kind === 'confirm' ? 2 : 3} de 3
      </p>
      <FormMessage message={message} />
      {step.kind === 'request' && (
        <>
          <p>Te enviaremos un código de verificación al correo de tu cuenta.</p>
          <RecoveryRequestForm
            onMessage={setMessage}
            onSent={(identity, text) => {
              setMessage({ tone: 'success', text });
              setStep({ kind: 'confirm', identity });
            }}
          />
        </>
      )}
      {step.kind === 'confirm' && (
        <>
          <p>
            Revisa el correo <strong>{step.identity.Correo}</strong> e ingresa el código junto a tu nueva contraseña.
          </p>
          <p className="muted">
            Si esta instalación no tiene servidor de correo configurado, el mensaje queda en el{' '}
            <a href="/buzon" target="_blank" rel="noopener">
              buzón local
            </a>
            ; no necesitas nada más.
          </p>
          <RecoveryConfirmForm
            identity={step.identity}
            onMessage={setMessage}
            onDone={(text) => {
              setMessage({ tone: 'success', text });
              setStep({ kind: 'done' });
            }}
          />
        </>
      )}
      {step.kind === 'done' && (
        // Signed out there is no Ionic router for `routerLink`: the link is followed by the app's own router.
        <IonButton
          expand="block"
          href={paths.login.href}
          onClick={(event) => {
            event.preventDefault();
            navigate(paths.login.href);
          }}
        >
          Volver a iniciar sesión
        </IonButton>
      )}
      {step.kind !== 'done' && (
        <div className="auth-links">
          <Link to={paths.login.href}>Volver a iniciar sesión</Link>
        </div>
      )}
    </AuthLayout>
  );
}
