import {
  FISCALES_MESSAGES,
  type InspectorRecoveryConfirmBody,
  InspectorRecoveryConfirmBodySchema,
  type InspectorRecoveryRequestBody,
  InspectorRecoveryRequestBodySchema,
} from '#sync/schemas/fiscales.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { confirmInspectorRecovery, requestInspectorCode } from './fiscales-api.ts';
import { errorMessage } from '#app/data/api-error.ts';
import { NewPasswordFields } from './inspector-password-fields.tsx';
import { InspectorSteps, MailboxHint } from './inspector-steps.tsx';

const TITLES = ['Recupera tu contraseña', 'Ingresa el código', 'Contraseña actualizada'] as const;

/** /fiscales/recuperar-contraseña (spec 4.3): ask for a code, enter it with a new password, done. */
export function InspectorRecoveryPage() {
  return <InspectorSteps titles={TITLES} first={(props) => <RequestStep {...props} />} second={(props) => <ConfirmStep {...props} />} />;
}

function RequestStep({
  onMessage,
  onSent,
}: {
  onMessage: (message: FormMessageValue | null) => void;
  onSent: (correo: string, text: string) => void;
}) {
  const { control, handleSubmit, formState } = useForm({
    resolver: valibotResolver(InspectorRecoveryRequestBodySchema),
    defaultValues: { Correo: '' },
  });
  const submit = async (values: InspectorRecoveryRequestBody) => {
    onMessage(null);
    try {
      const result = await requestInspectorCode(values);
      onSent(values.Correo, result.message);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, FISCALES_MESSAGES.recoverySendFailed) });
    }
  };
  return (
    <>
      <p>Te enviaremos un código de verificación al correo de tu cuenta.</p>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <FormInput control={control} name="Correo" label="Correo Electrónico*" type="email" autocomplete="email" inputmode="email" />
        <SubmitButton busy={formState.isSubmitting} expand="block">
          Enviar código
        </SubmitButton>
      </form>
    </>
  );
}

function ConfirmStep({
  correo,
  onMessage,
  onDone,
}: {
  correo: string;
  onMessage: (message: FormMessageValue | null) => void;
  onDone: (text: string) => void;
}) {
  const { control, handleSubmit, formState } = useForm({
    resolver: valibotResolver(InspectorRecoveryConfirmBodySchema),
    defaultValues: { Correo: correo, Codigo: '', Contrasena: '', ConfirmarContrasena: '' },
  });
  const submit = async (values: InspectorRecoveryConfirmBody) => {
    onMessage(null);
    try {
      const result = await confirmInspectorRecovery(values);
      onDone(result.message || 'Contraseña actualizada, puedes iniciar la sesión');
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, FISCALES_MESSAGES.changeFailed) });
    }
  };
  return (
    <>
      <p>
        Revisa el correo <strong>{correo}</strong> e ingresa el código junto a tu nueva contraseña.
      </p>
      <MailboxHint />
      <form onSubmit={handleSubmit(submit)} noValidate>
        <FormInput control={control} name="Codigo" label="Código*" autocomplete="one-time-code" inputmode="numeric" />
        <NewPasswordFields control={control} />
        <SubmitButton busy={formState.isSubmitting} expand="block">
          Cambiar contraseña
        </SubmitButton>
      </form>
    </>
  );
}
