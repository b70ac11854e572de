import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { sessionEndNotice } from '#app/session/session-store.ts';
import { FormMessage, type FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { AuthLayout } from '#app/ui/auth-layout.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import type { BlockedNotice } from './company-blocked-alert.tsx';
import { SignInForm, type SignInIdentity } from './sign-in-form.tsx';

// Shown only for a blocked company or a first sign-in: their code is not part of the sign-in screen (first-screen budget).
const CompanyBlockedAlert = lazy(() => import('./company-blocked-alert.tsx').then((module) => ({ default: module.CompanyBlockedAlert })));
const ChangePasswordForm = lazy(() => import('./change-password-form.tsx').then((module) => ({ default: module.ChangePasswordForm })));

export function LoginPage() {
  const [identity, setIdentity] = useState<SignInIdentity>({ RutEmpresa: '', Correo: '' });
  const [challenge, setChallenge] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(() => {
    const notice = sessionEndNotice();
    return notice ? { tone: 'error', text: notice } : null;
  });
  const [blocked, setBlocked] = useState<BlockedNotice | null>(null);

  const backToSignIn = (next: FormMessageValue | null) => {
    setChallenge(null);
    setMessage(next);
  };

  return (
    <>
      <AuthLayout
        title={challenge ? 'Cambia tu contraseña' : 'Iniciar sesión'}
        subtitle={challenge ? 'Es tu primer ingreso: elige una contraseña nueva para tu cuenta.' : undefined}
      >
        <FormMessage message={message} />
        {challenge ? (
          <Suspense fallback={<PageLoading />}>
            <ChangePasswordForm
              challenge={challenge}
              onMessage={setMessage}
              onChanged={(text) => backToSignIn({ tone: 'success', text })}
              onCancel={() => backToSignIn(null)}
            />
          </Suspense>
        ) : (
          <>
            <SignInForm
              initial={identity}
              onMessage={setMessage}
              onBlocked={setBlocked}
              onChallenge={(next, from) => {
                setIdentity(from);
                setMessage(null);
                setChallenge(next);
              }}
            />
            <div className="auth-links">
              <Link to={paths.forgotPassword.href}>¿Olvidaste tu contraseña?</Link>
            </div>
          </>
        )}
      </AuthLayout>
      {blocked && (
        <Suspense fallback={null}>
          <CompanyBlockedAlert notice={blocked} onDismiss={() => setBlocked(null)} />
        </Suspense>
      )}
    </>
  );
}
