import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { type UserProfile, type UserProfileBody, UserProfileBodySchema } from '#sync/schemas/perfil.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { errorMessage } from '#app/data/api-error.ts';
import { OfflineSaveNotice } from '#app/ui/feedback/offline-save-notice.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { ImagePicker } from '#app/ui/form/image-picker.tsx';

interface UserProfileFormProps {
  profile: UserProfile;
  online: boolean;
  saving: boolean;
  onSave: (body: UserProfileBody) => Promise<{ message: string }>;
}

export function UserProfileForm({ profile, online, saving, onSave }: UserProfileFormProps) {
  const notify = useNotice();
  const [avatar, setAvatar] = useState<InlineImage | undefined>();
  const values = useMemo<v.InferInput<typeof UserProfileBodySchema>>(
    () => ({
      Nombres: profile.Nombres,
      ApellidoPaterno: profile.ApellidoPaterno,
      ApellidoMaterno: profile.ApellidoMaterno,
      TelefonoPersona: profile.TelefonoPersona,
      FechaNacimiento: profile.FechaNacimiento,
    }),
    [profile],
  );
  const { control, handleSubmit } = useForm({
    resolver: valibotResolver(UserProfileBodySchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = async (body: UserProfileBody) => {
    try {
      const result = await onSave({ ...body, ...(avatar ? { Avatar: avatar } : {}) });
      setAvatar(undefined);
      notify({ message: result.message, tone: 'success' });
    } catch (error) {
      notify({ message: errorMessage(error), tone: 'error' });
    }
  };

  const initials = `${profile.Nombres.charAt(0)}${profile.ApellidoPaterno.charAt(0)}`.toUpperCase();

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <section className="card" aria-labelledby="avatar-title">
        <h2 id="avatar-title">Foto de perfil</h2>
        <ImagePicker
          currentUrl={profile.Logo}
          alt="Foto de perfil"
          fallback={initials}
          buttonLabel="Cambiar foto"
          disabled={!online || saving}
          onPicked={setAvatar}
        />
      </section>
      <section className="card" aria-labelledby="personal-title">
        <h2 id="personal-title">Datos personales</h2>
        {!online && <OfflineSaveNotice />}
        <div className="profile-form">
          <FormInput control={control} name="Nombres" label="Nombres*" autocomplete="given-name" readonly={!online} />
          <FormInput control={control} name="ApellidoPaterno" label="Apellido Paterno*" autocomplete="family-name" readonly={!online} />
          <FormInput control={control} name="ApellidoMaterno" label="Apellido Materno" readonly={!online} />
          <FormInput control={control} name="TelefonoPersona" label="Teléfono" type="tel" autocomplete="tel" inputmode="tel" readonly={!online} />
          <FormDateField control={control} name="FechaNacimiento" label="Fecha de Nacimiento" min={DATE_PICKER_MIN} max={toWireDate(new Date())} readOnly={!online} />
        </div>
        <div className="button-row">
          <SubmitButton busy={saving} disabled={!online}>
            Guardar
          </SubmitButton>
        </div>
      </section>
    </form>
  );
}
