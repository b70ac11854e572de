import { cleanRut } from '#sync/domain/rut.ts';
import { AUTH_MESSAGES, type RecoveryRequestBody, RecoveryRequestBodySchema } from '#sync/schemas/auth.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { errorMessage } from '#app/data/api-error.ts';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { requestRecoveryCode } from './auth-api.ts';

interface RecoveryRequestFormProps {
  onMessage: (message: FormMessageValue | null) => void;
  onSent: (identity: RecoveryRequestBody, message: string) => void;
}

export function RecoveryRequestForm({ onMessage, onSent }: RecoveryRequestFormProps) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: valibotResolver(RecoveryRequestBodySchema),
    defaultValues: { RutEmpresa: '', Correo: '' },
  });

  const submit = async (values: RecoveryRequestBody) => {
    onMessage(null);
    const body = { ...values, RutEmpresa: cleanRut(values.RutEmpresa) };
    try {
      const result = await requestRecoveryCode(body);
      onSent(body, result.message);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, AUTH_MESSAGES.recoverySendFailed) });
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <FormInput control={control} name="RutEmpresa" label="Rut Empresa (12345678-9)*" autocomplete="organization" />
      <FormInput control={control} name="Correo" label="Correo Electrónico*" type="email" autocomplete="email" inputmode="email" />
      <SubmitButton busy={isSubmitting} expand="block">
        Enviar código
      </SubmitButton>
    </form>
  );
}
