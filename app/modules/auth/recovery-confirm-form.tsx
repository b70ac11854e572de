import { AUTH_MESSAGES, type RecoveryConfirmBody, RecoveryConfirmBodySchema, type RecoveryRequestBody } from '#sync/schemas/auth.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '#app/data/api-error.ts';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { PasswordInput } from '#app/ui/form/password-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { confirmRecovery, requestRecoveryCode } from './auth-api.ts';

interface RecoveryConfirmFormProps {
  identity: RecoveryRequestBody;
  onMessage: (message: FormMessageValue | null) => void;
  onDone: (message: string) => void;
}

export function RecoveryConfirmForm({ identity, onMessage, onDone }: RecoveryConfirmFormProps) {
  const [resending, setResending] = useState(false);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: valibotResolver(RecoveryConfirmBodySchema),
    defaultValues: { ...identity, Codigo: '', Contrasena: '', ConfirmarContrasena: '' },
  });

  const submit = async (values: RecoveryConfirmBody) => {
    onMessage(null);
    try {
      const result = await confirmRecovery(values);
      onDone(result.message);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, AUTH_MESSAGES.actionFailed) });
    }
  };

  const resend = async () => {
    onMessage(null);
    setResending(true);
    try {
      const result = await requestRecoveryCode(identity);
      onMessage({ tone: 'success', text: result.message });
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, AUTH_MESSAGES.recoverySendFailed) });
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <FormInput control={control} name="Codigo" label="Código*" autocomplete="one-time-code" inputmode="numeric" />
        <PasswordInput control={control} name="Contrasena" label="Contraseña*" autocomplete="new-password" />
        <PasswordInput control={control} name="ConfirmarContrasena" label="Confirmar Contraseña*" autocomplete="new-password" />
        <SubmitButton busy={isSubmitting} expand="block">
          Cambiar contraseña
        </SubmitButton>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={() => void resend()} disabled={resending}>
          Reenviar código
        </button>
      </div>
    </>
  );
}
