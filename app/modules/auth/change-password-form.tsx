import { AUTH_MESSAGES, type ChangePasswordBody, ChangePasswordBodySchema } from '#sync/schemas/auth.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { errorMessage } from '#app/data/api-error.ts';
import { requestPersistentStorage } from '#app/data/device-storage.ts';
import { preloadSignedInArea } from '#app/routes/signed-in-area.ts';
import { saveSession } from '#app/session/session-store.ts';
import type { FormMessageValue } from '#app/ui/feedback/form-message.tsx';
import { PasswordInput } from '#app/ui/form/password-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { changePassword } from './auth-api.ts';

interface ChangePasswordFormProps {
  challenge: string;
  onMessage: (message: FormMessageValue | null) => void;
  /** A server that answered no session (an older one): back to the sign-in with its notice. */
  onChanged: (message: string) => void;
  onCancel: () => void;
}

/**
 * First sign-in (spec 4.1 step 3): the account must get its own password before entering. The change answers the
 * session it opens, so the person goes on to the home as a sign-in does, without typing the new password again.
 */
export function ChangePasswordForm({ challenge, onMessage, onChanged, onCancel }: ChangePasswordFormProps) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: valibotResolver(ChangePasswordBodySchema),
    defaultValues: { Desafio: challenge, Contrasena: '', ConfirmarContrasena: '' },
  });

  const submit = async (values: ChangePasswordBody) => {
    onMessage(null);
    // The person's screens load while the change travels, as on a sign-in.
    void preloadSignedInArea().catch(() => undefined);
    try {
      const { statusCode, message, ...session } = await changePassword(values);
      if (statusCode === 200 && session.token) {
        saveSession(session);
        void requestPersistentStorage();
        return;
      }
      onChanged(message || AUTH_MESSAGES.passwordUpdated);
    } catch (error) {
      onMessage({ tone: 'error', text: errorMessage(error, AUTH_MESSAGES.actionFailed) });
    }
  };

  return (
    <>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <PasswordInput control={control} name="Contrasena" label="Contraseña*" autocomplete="new-password" />
        <PasswordInput control={control} name="ConfirmarContrasena" label="Confirmar Contraseña*" autocomplete="new-password" />
        <SubmitButton busy={isSubmitting} expand="block">
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
