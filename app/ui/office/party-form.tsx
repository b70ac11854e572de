import { OptionalRutSchema } from '#sync/records/record-fields.ts';
import { UserNameSchema } from '#sync/schemas/accounts.schema.ts';
import { EmailSchema, type InlineImage, PhoneSchema, RutSchema } from '#sync/schemas/common.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { ImagePicker } from '#app/ui/form/image-picker.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import type { Party } from './party.ts';

export interface PartyFormValues {
  Nombre: string;
  Rut: string;
  Correo: string;
  Telefono: string;
  Direccion: string;
  /** Spec Tipo 2: it gets an account from its e-mail. */
  ConCuenta: boolean;
  IdRol: string | null;
  NombreUsuario: string;
}

const ROLE_REQUIRED = 'Elige el rol de la cuenta de acceso';

/** The fields with the shared schemas (RUT, e-mail, phone, user name); the name's message is the party's. */
function partySchema(nameMessage: string, rutRequired: boolean) {
  return v.pipe(
    v.object({
      Nombre: v.pipe(v.string(nameMessage), v.trim(), v.nonEmpty(nameMessage), v.maxLength(160, nameMessage)),
      Rut: rutRequired ? RutSchema : OptionalRutSchema,
      Correo: EmailSchema,
      Telefono: PhoneSchema,
      Direccion: v.pipe(v.string(), v.trim(), v.maxLength(200)),
      ConCuenta: v.boolean(),
      IdRol: v.nullable(v.string()),
      NombreUsuario: v.union([v.literal(''), UserNameSchema]),
    }),
    v.forward(
      v.partialCheck([['ConCuenta'], ['IdRol']], (input) => !input.ConCuenta || Boolean(input.IdRol), ROLE_REQUIRED),
      ['IdRol'],
    ),
  );
}

interface PartyFormProps {
  party: Party | null;
  nameLabel: string;
  nameMessage: string;
  /** A contractor's RUT is required and, once made, fixed (its records carry it); a client's is optional. */
  rut: { required: boolean; fixed: boolean };
  roles: { IdRol: number; NombreRol: string }[] | undefined;
  onSubmit: (values: PartyFormValues, logo: InlineImage | undefined) => Promise<void>;
  onCancel: () => void;
}

/** A contractor company's or client's data and logo; a new one may get its account, with a role, from its e-mail. */
export function PartyForm({ party, nameLabel, nameMessage, rut, roles, onSubmit, onCancel }: PartyFormProps) {
  const [logo, setLogo] = useState<InlineImage | undefined>();
  const { control, handleSubmit, formState } = useForm<PartyFormValues>({
    resolver: valibotResolver(partySchema(nameMessage, rut.required)) as never,
    defaultValues: {
      Nombre: party?.Nombre ?? '',
      Rut: party?.rut ?? '',
      Correo: party?.Correo ?? '',
      Telefono: party?.Telefono ?? '',
      Direccion: party?.Direccion ?? '',
      ConCuenta: !party && roles !== undefined,
      IdRol: null,
      NombreUsuario: '',
    },
  });
  const account = useWatch({ control, name: 'ConCuenta' });
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, logo))} noValidate>
      <section className="card" aria-labelledby="party-datos">
        <h2 id="party-datos">Datos</h2>
        <div className="record-form__grid">
          <FormInput control={control} name="Nombre" label={`${nameLabel}*`} autocomplete="organization" />
          <FormInput control={control} name="Rut" label={rut.required ? 'RUT*' : 'RUT'} autocomplete="off" readonly={Boolean(party) && rut.fixed} />
          <FormInput control={control} name="Correo" label="Correo Electrónico*" type="email" inputmode="email" autocomplete="off" />
          <FormInput control={control} name="Telefono" label="Teléfono" type="tel" inputmode="tel" autocomplete="off" />
          <FormInput control={control} name="Direccion" label="Dirección" autocomplete="off" />
        </div>
        {party && rut.fixed && <p className="muted">El RUT no se cambia: los registros de la empresa lo llevan.</p>}
      </section>
      {!party && (
        <section className="card" aria-labelledby="party-cuenta">
          <h2 id="party-cuenta">Cuenta de acceso</h2>
          {roles === undefined ? (
            <p className="muted">Para crear su cuenta necesitas ver los usuarios y roles. Puedes crearla sin cuenta y agregar usuarios después.</p>
          ) : (
            <>
              <Controller
                control={control}
                name="ConCuenta"
                render={({ field }) => (
                  <label className="check-group__option">
                    <input type="checkbox" checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                    Crear su cuenta principal con el correo de la empresa
                  </label>
                )}
              />
              {account && (
                <div className="record-form__grid">
                  <FormSelect control={control} name="IdRol" label="Rol de la cuenta*" emptyLabel="Elige un rol" options={roles.map((role) => ({ value: String(role.IdRol), label: role.NombreRol }))} />
                  <FormInput control={control} name="NombreUsuario" label="Nombre de usuario (opcional)" autocomplete="off" />
                </div>
              )}
              {account && <p className="muted">Al guardar se crea una contraseña temporal: llega por correo y se cambia en el primer inicio de sesión.</p>}
            </>
          )}
        </section>
      )}
      <section className="card" aria-labelledby="party-logo">
        <h2 id="party-logo">Logo</h2>
        <ImagePicker currentUrl={party?.Logo ?? '/logo-predeterminado.svg'} alt="Logo" fallback="" shape="square" buttonLabel={party?.LogoPropio ? 'Cambiar logo' : 'Subir logo'} disabled={false} onPicked={setLogo} />
      </section>
      <div className="button-row record-form__actions">
        <SubmitButton busy={formState.isSubmitting}>Guardar</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={onCancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
