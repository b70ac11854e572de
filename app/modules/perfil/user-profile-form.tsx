import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { type UserProfile, type UserProfileBody, UserProfileBodySchema } from '#sync/schemas/perfil.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { OfficeWriteFate } from '#app/data/office-write-fate.ts';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { ImagePicker } from '#app/ui/form/image-picker.tsx';

interface UserProfileFormProps {
  profile: UserProfile;
  saving: boolean;
  /** Queues the write and says what became of it (the screen tells the person). */
  onSave: (body: UserProfileBody) => Promise<OfficeWriteFate | undefined>;
}

/** Editable online and offline: a save offline waits on the device and goes when the connection returns (SPEC OF1). */
export function UserProfileForm({ profile, saving, onSave }: UserProfileFormProps) {
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
    const fate = await onSave({ ...body, ...(avatar ? { Avatar: avatar } : {}) });
    // A refused write keeps the chosen photo: the corrected save sends it again.
    if (fate && fate.kind !== 'rechazado') setAvatar(undefined);
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
          disabled={saving}
          onPicked={setAvatar}
        />
      </section>
      <section className="card" aria-labelledby="personal-title">
        <h2 id="personal-title">Datos personales</h2>
        <div className="profile-form">
          <FormInput control={control} name="Nombres" label="Nombres*" autocomplete="given-name" />
          <FormInput control={control} name="ApellidoPaterno" label="Apellido Paterno*" autocomplete="family-name" />
          <FormInput control={control} name="ApellidoMaterno" label="Apellido Materno" />
          <FormInput control={control} name="TelefonoPersona" label="Teléfono" type="tel" autocomplete="tel" inputmode="tel" />
          <FormDateField control={control} name="FechaNacimiento" label="Fecha de Nacimiento" min={DATE_PICKER_MIN} max={toWireDate(new Date())} />
        </div>
        <div className="button-row">
          <SubmitButton busy={saving}>Guardar</SubmitButton>
        </div>
      </section>
    </form>
  );
}
