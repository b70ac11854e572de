import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { type CompanyProfile, type CompanyProfileBody, CompanyProfileBodySchema } from '#sync/schemas/perfil.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { OfficeWriteFate } from '#app/data/office-write-fate.ts';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { ImagePicker } from '#app/ui/form/image-picker.tsx';

interface CompanyProfileFormProps {
  company: CompanyProfile;
  canEdit: boolean;
  saving: boolean;
  /** Queues the write and says what became of it (the screen tells the person). */
  onSave: (body: CompanyProfileBody) => Promise<OfficeWriteFate | undefined>;
}

/** Editable by a role that may, online and offline: a save offline goes when the connection returns (SPEC OF1). */
export function CompanyProfileForm({ company, canEdit, saving, onSave }: CompanyProfileFormProps) {
  const [logo, setLogo] = useState<InlineImage | undefined>();
  const values = useMemo<v.InferInput<typeof CompanyProfileBodySchema>>(
    () => ({ NombreEmpresa: company.NombreEmpresa, Direccion: company.Direccion, TelefonoEmpresa: company.TelefonoEmpresa }),
    [company],
  );
  const { control, handleSubmit } = useForm({
    resolver: valibotResolver(CompanyProfileBodySchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = async (body: CompanyProfileBody) => {
    const fate = await onSave({ ...body, ...(logo ? { Logo: logo } : {}) });
    // A refused write keeps the chosen logo: the corrected save sends it again.
    if (fate && fate.kind !== 'rechazado') setLogo(undefined);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <section className="card" aria-labelledby="logo-title">
        <h2 id="logo-title">Logo</h2>
        <ImagePicker
          currentUrl={company.Logo}
          alt={`Logo de ${company.NombreEmpresa}`}
          fallback={company.NombreEmpresa.charAt(0).toUpperCase()}
          buttonLabel="Cambiar logo"
          shape="square"
          disabled={!canEdit || saving}
          onPicked={setLogo}
        />
      </section>
      <section className="card" aria-labelledby="company-data-title">
        <h2 id="company-data-title">Datos de la empresa</h2>
        {!canEdit && (
          <p className="notice notice--info" role="status">
            Puedes ver estos datos, pero tu perfil no permite modificarlos.
          </p>
        )}
        <div className="profile-form">
          <FormInput control={control} name="NombreEmpresa" label="Nombre Empresa*" autocomplete="organization" readonly={!canEdit} />
          <FormInput control={control} name="Direccion" label="Dirección" autocomplete="street-address" readonly={!canEdit} />
          <FormInput control={control} name="TelefonoEmpresa" label="Teléfono" type="tel" autocomplete="tel" inputmode="tel" readonly={!canEdit} />
        </div>
        {canEdit && (
          <div className="button-row">
            <SubmitButton busy={saving}>Guardar</SubmitButton>
          </div>
        )}
      </section>
    </form>
  );
}
