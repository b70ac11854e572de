import { cleanRut } from '#sync/domain/rut.ts';
import { AUTH_CODES, type CompanyStatus, type LoginBody, LoginBodySchema } from '#sync/schemas/auth.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '#app/data/api-error.ts';
import { requestPersistentStorage } from '#app/data/device-storage.ts';
import { preloadSignedInArea } from '#app/routes/signed-in-area.ts';
import { saveSession } from '#app/session/session-store.ts';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { PasswordInput } from '#app/ui/form/password-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
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

export function SignInForm({ initial, onMessage, onBlocked, onChallenge }: SignInFormProps) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: valibotResolver(LoginBodySchema),
    defaultValues: { ...initial, Contrasena: '' },
  });

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

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <FormInput control={control} name="RutEmpresa" label="Rut Empresa (12345678-9)*" autocomplete="organization" />
      <FormInput control={control} name="Correo" label="Correo Electrónico*" type="email" autocomplete="email" inputmode="email" />
      <PasswordInput control={control} name="Contrasena" label="Contraseña*" autocomplete="current-password" />
      <SubmitButton busy={isSubmitting} expand="block">
        Iniciar sesión
      </SubmitButton>
    </form>
  );
}
