import { FISCALES_MESSAGES, type InspectorChangePasswordBody, InspectorChangePasswordBodySchema, type InspectorLoginBody, InspectorLoginBodySchema } from '#sync/schemas/fiscales.schema.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { AuthLayout } from '#app/ui/auth-layout.tsx';
import { FormMessage, type FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { PasswordInput } from '#app/ui/form/password-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { changeInspectorPassword, signInInspector } from './fiscales-api.ts';
import { errorMessage } from '#app/data/api-error.ts';
import { NewPasswordFields } from './inspector-password-fields.tsx';
import { inspectorPaths } from './inspector-paths.ts';
import { saveInspectorSession } from './inspector-session.ts';

/** /fiscales/login: an inspector's sign-in, with the forced change of the temporary password (spec 4.3). */
export function InspectorLoginPage() {
  const [challenge, setChallenge] = useState<string | null>(null);
  const [correo, setCorreo] = useState('');
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  return (
    <AuthLayout
      title={challenge ? 'Cambia tu contraseña' : 'Portal de fiscalizadores'}
      subtitle={
        challenge
          ? 'Es tu primer ingreso: elige una contraseña nueva para tu cuenta.'
          : 'Si es tu primer ingreso, usa la contraseña temporal que recibiste por correo: te pediremos cambiarla.'
      }
    >
      <FormMessage message={message} />
      {challenge ? (
        <ChangeForm
          challenge={challenge}
          onMessage={setMessage}
          onDone={(text) => {
            setChallenge(null);
            setMessage({ tone: 'success', text });
          }}
          onCancel={() => {
            setChallenge(null);
            setMessage(null);
          }}
        />
      ) : (
        <>
          <SignIn
            initialCorreo={correo}
            onMessage={setMessage}
            onChallenge={(next, from) => {
              setCorreo(from);
              setMessage(null);
              setChallenge(next);
            }}
          />
          <div className="auth-links">
            <Link to={inspectorPaths.registro}>Crear cuenta</Link>
            <Link to={inspectorPaths.recuperar}>¿Olvidaste tu contraseña?</Link>
          </div>
          <p className="muted auth-footnote">
            ¿Trabajas en una empresa? <Link to={paths.login.href}>Inicia sesión como usuario de empresa</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}

interface SignInProps {
  initialCorreo: string;
  onMessage: (message: FormMessageValue | null) => void;
  onChallenge: (challenge: string, correo: string) => void;
}

function SignIn({ initialCorreo, onMessage, onChallenge }: SignInProps) {
  const { control, handleSubmit, formState } = useForm({
    resolver: valibotResolver(InspectorLoginBodySchema),
    defaultValues: { Correo: initialCorreo, Contrasena: '' },
  });
  const submit = async (values: InspectorLoginBody) => {
    onMessage(null);
    try {
      const result = await signInInspector(values);
      if ('Desafio' in result) return onChallenge(result.Desafio, values.Correo);
      saveInspectorSession(result);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, FISCALES_MESSAGES.loginOther) });
    }
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <FormInput control={control} name="Correo" label="Correo Electrónico*" type="email" autocomplete="email" inputmode="email" />
      <PasswordInput control={control} name="Contrasena" label="Contraseña*" autocomplete="current-password" />
      <SubmitButton busy={formState.isSubmitting} expand="block">
        Iniciar sesión
      </SubmitButton>
    </form>
  );
}

interface ChangeFormProps {
  challenge: string;
  onMessage: (message: FormMessageValue | null) => void;
  /** A server that answered no session (an older one): back to the sign-in with its notice. */
  onDone: (notice: string) => void;
  onCancel: () => void;
}

/** The forced change signs the inspector in with the session it answers: no second typing of the new password. */
function ChangeForm({ challenge, onMessage, onDone, onCancel }: ChangeFormProps) {
  const { control, handleSubmit, formState } = useForm({
    resolver: valibotResolver(InspectorChangePasswordBodySchema),
    defaultValues: { Desafio: challenge, Contrasena: '', ConfirmarContrasena: '' },
  });
  const submit = async (values: InspectorChangePasswordBody) => {
    onMessage(null);
    try {
      const { statusCode, message, ...session } = await changeInspectorPassword(values);
      if (statusCode === 200 && session.token) return saveInspectorSession(session);
      onDone(message || AUTH_MESSAGES.passwordUpdated);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, FISCALES_MESSAGES.changeFailed) });
    }
  };
  return (
    <>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <NewPasswordFields control={control} />
        <SubmitButton busy={formState.isSubmitting} expand="block">
          Cambiar contraseña
        </SubmitButton>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onCancel}>
          Volver a iniciar sesión
        </button>
      </div>
    </>
  );
}
