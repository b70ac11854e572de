import {
  FISCALES_MESSAGES,
  type InspectorRegisterBody,
  InspectorRegisterBodySchema,
  type InspectorVerifyBody,
  InspectorVerifyBodySchema,
} from '#sync/schemas/fiscales.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { registerInspector, verifyInspector } from './fiscales-api.ts';
import { useInspectorDomain } from './inspector-domain.ts';
import { errorMessage } from '#app/data/api-error.ts';
import { NewPasswordFields } from './inspector-password-fields.tsx';
import { saveInspectorSession } from './inspector-session.ts';
import { InspectorSteps, MailboxHint } from './inspector-steps.tsx';

const TITLES = ['Crea tu cuenta de fiscalizador', 'Verifica tu cuenta', 'Cuenta creada'] as const;

/**
 * /fiscales/registro (spec 4.2): the institutional address, then the temporary password and a new one, which signs
 * the inspector in (the search screen opens, as after a sign-in); step 2 shows only if the server answered no session.
 */
export function InspectorRegisterPage() {
  return <InspectorSteps titles={TITLES} first={(props) => <AddressStep {...props} />} second={(props) => <VerifyStep {...props} />} />;
}

function AddressStep({
  onMessage,
  onSent,
}: {
  onMessage: (message: FormMessageValue | null) => void;
  onSent: (correo: string, text: string) => void;
}) {
  const domain = useInspectorDomain();
  const { control, handleSubmit, formState } = useForm({
    resolver: valibotResolver(InspectorRegisterBodySchema),
    defaultValues: { Correo: '' },
  });
  const submit = async (values: InspectorRegisterBody) => {
    onMessage(null);
    try {
      const result = await registerInspector(values);
      onSent(values.Correo, result.message);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, FISCALES_MESSAGES.registerFailed) });
    }
  };
  return (
    <>
      <p>Ingresa tu correo institucional: te enviaremos una contraseña temporal para verificar tu cuenta.</p>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <FormInput
          control={control}
          name="Correo"
          label="Correo institucional*"
          type="email"
          autocomplete="email"
          inputmode="email"
          helperText={domain ? `Solo correos terminados en ${domain}` : undefined}
        />
        <SubmitButton busy={formState.isSubmitting} expand="block">
          Crear cuenta
        </SubmitButton>
      </form>
    </>
  );
}

function VerifyStep({
  correo,
  onMessage,
  onDone,
}: {
  correo: string;
  onMessage: (message: FormMessageValue | null) => void;
  onDone: (text: string) => void;
}) {
  const { control, handleSubmit, formState } = useForm({
    resolver: valibotResolver(InspectorVerifyBodySchema),
    defaultValues: { Correo: correo, ContrasenaTemporal: '', Contrasena: '', ConfirmarContrasena: '' },
  });
  const submit = async (values: InspectorVerifyBody) => {
    onMessage(null);
    try {
      const { statusCode, message, ...session } = await verifyInspector(values);
      if (statusCode === 200 && session.token) return saveInspectorSession(session);
      onDone(message || FISCALES_MESSAGES.accountVerified);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, FISCALES_MESSAGES.verifyFailed) });
    }
  };
  return (
    <>
      <p>
        Revisa el correo <strong>{correo}</strong>: ingresa la contraseña temporal que te enviamos y elige tu contraseña.
      </p>
      <MailboxHint />
      <form onSubmit={handleSubmit(submit)} noValidate>
        <FormInput control={control} name="ContrasenaTemporal" label="Contraseña temporal*" autocomplete="one-time-code" />
        <NewPasswordFields control={control} />
        <SubmitButton busy={formState.isSubmitting} expand="block">
          Verificar cuenta
        </SubmitButton>
      </form>
    </>
  );
}
