import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { type CompanyProfile, type CompanyProfileBody, CompanyProfileBodySchema } from '#sync/schemas/perfil.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { errorMessage } from '#app/data/api-error.ts';
import { OfflineSaveNotice } from '#app/ui/feedback/offline-save-notice.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { ImagePicker } from '#app/ui/form/image-picker.tsx';

interface CompanyProfileFormProps {
  company: CompanyProfile;
  online: boolean;
  canEdit: boolean;
  saving: boolean;
  onSave: (body: CompanyProfileBody) => Promise<{ message: string }>;
}

export function CompanyProfileForm({ company, online, canEdit, saving, onSave }: CompanyProfileFormProps) {
  const notify = useNotice();
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
  const editable = online && canEdit;

  const submit = async (body: CompanyProfileBody) => {
    try {
      const result = await onSave({ ...body, ...(logo ? { Logo: logo } : {}) });
      setLogo(undefined);
      notify({ message: result.message, tone: 'success' });
    } catch (error) {
      notify({ message: errorMessage(error), tone: 'error' });
    }
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
          disabled={!editable || saving}
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
        {canEdit && !online && <OfflineSaveNotice />}
        <div className="profile-form">
          <FormInput control={control} name="NombreEmpresa" label="Nombre Empresa*" autocomplete="organization" readonly={!editable} />
          <FormInput control={control} name="Direccion" label="Dirección" autocomplete="street-address" readonly={!editable} />
          <FormInput control={control} name="TelefonoEmpresa" label="Teléfono" type="tel" autocomplete="tel" inputmode="tel" readonly={!editable} />
        </div>
        {canEdit && (
          <div className="button-row">
            <SubmitButton busy={saving} disabled={!online}>
              Guardar
            </SubmitButton>
          </div>
        )}
      </section>
    </form>
  );
}
