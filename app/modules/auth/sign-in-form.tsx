import { cleanRut } from '#sync/domain/rut.ts';
import { AUTH_CODES } from '#sync/schemas/auth-codes.ts';
import type { CompanyStatus, LoginBody } from '#sync/schemas/auth.schema.ts';
import { ApiError, errorMessage, OFFLINE_MESSAGE } from '#app/data/api-error.ts';
import { requestPersistentStorage } from '#app/data/device-storage.ts';
import { preloadSignedInArea } from '#app/routes/signed-in-area.ts';
import { saveSession } from '#app/session/session-store.ts';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { InputField } from '#app/ui/form/input-field.tsx';
import { PasswordField } from '#app/ui/form/password-field.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { useLazySchemaForm } from '#app/ui/form/use-lazy-schema-form.ts';
import { fetchCompanyStatus, signIn } from './auth-api.ts';
import type { BlockedNotice } from './company-blocked-alert.tsx';

export interface SignInIdentity {
  RutEmpresa: string;
  Correo: string;
}

interface SignInFormProps {
  initial: SignInIdentity;
  onMessage: (message: FormMessageValue | null) => void;
  onBlocked: (notice: BlockedNotice) => void;
  onChallenge: (challenge: string, identity: SignInIdentity) => void;
}

const BLOCKING_CODES: Record<string, BlockedNotice['kind']> = {
  [AUTH_CODES.companyNotRegistered]: 'notRegistered',
  [AUTH_CODES.companySuspended]: 'suspended',
  // Spec 4.1 step 5: a disabled user sees the suspended-account popup.
  [AUTH_CODES.userDisabled]: 'suspended',
};

const loadLoginSchema = () => import('#sync/schemas/auth.schema.ts').then((module) => module.LoginBodySchema);

export function SignInForm({ initial, onMessage, onBlocked, onChallenge }: SignInFormProps) {
  const { field, handleSubmit, isSubmitting } = useLazySchemaForm({ ...initial, Contrasena: '' }, loadLoginSchema);

  const submit = async (values: LoginBody) => {
    onMessage(null);
    // The person's screens load while the sign-in request travels (precached, so offline too).
    void preloadSignedInArea().catch(() => undefined);
    const body = { ...values, RutEmpresa: cleanRut(values.RutEmpresa) };
    let support: CompanyStatus['Soporte'] | null = null;
    try {
      const status = await fetchCompanyStatus(body.RutEmpresa);
      support = status.Soporte;
      if (status.EstadoEmpresa === 0) return onBlocked({ kind: 'notRegistered', support });
      if (status.EstadoEmpresa === 2) return onBlocked({ kind: 'suspended', support });

      const result = await signIn(body);
      if ('Desafio' in result) return onChallenge(result.Desafio, { RutEmpresa: body.RutEmpresa, Correo: body.Correo });
      saveSession(result);
      void requestPersistentStorage();
    } catch (error) {
      const blocked = error instanceof ApiError && error.code ? BLOCKING_CODES[error.code] : undefined;
      if (blocked) return onBlocked({ kind: blocked, support });
      onMessage({ tone: 'error', text: errorMessage(error) });
    }
  };

  // The schema's code could not be loaded: neither the network nor the service worker's copy answered.
  const unreachable = () => onMessage({ tone: 'error', text: OFFLINE_MESSAGE });

  return (
    <form onSubmit={handleSubmit(submit, unreachable)} noValidate>
      <InputField {...field('RutEmpresa')} label="Rut Empresa (12345678-9)*" autocomplete="organization" />
      <InputField {...field('Correo')} label="Correo Electrónico*" type="email" autocomplete="email" inputmode="email" />
      <PasswordField {...field('Contrasena')} label="Contraseña*" autocomplete="current-password" />
      <SubmitButton busy={isSubmitting} expand="block">
        Iniciar sesión
      </SubmitButton>
    </form>
  );
}
