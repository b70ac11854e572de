import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import { userNameFromEmail } from '#sync/schemas/accounts.schema.ts';
import type { InlineImage } from '#sync/schemas/common.schema.ts';
import { SYSTEM_IDS, USER_KIND_LABELS, USER_KINDS, type Usuario, type UsuarioListas } from '#sync/schemas/usuarios.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { ImagePicker } from '#app/ui/form/image-picker.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { type UsuarioFormInput, UsuarioFormSchema, type UsuarioFormValues } from './usuario-form-model.ts';

const SYSTEM_LABELS: Record<(typeof SYSTEM_IDS)[number], string> = { 1: 'HSE', 2: 'Producción' };

interface UsuarioFormProps {
  user: Usuario | null;
  initial: UsuarioFormInput;
  lists: UsuarioListas;
  /** A field and its message the form could not know (a name in use): the form marks it. */
  onSubmit: (
    values: UsuarioFormValues,
    avatar: InlineImage | undefined,
  ) => Promise<{ field: keyof UsuarioFormValues; message: string }[] | void>;
  onCancel: () => void;
}

/** A user's data: who they are, how they sign in, their role and kind (company, contractor's or client's) and photo. */
export function UsuarioForm({ user, initial, lists, onSubmit, onCancel }: UsuarioFormProps) {
  const [avatar, setAvatar] = useState<InlineImage | undefined>();
  const form = useForm<UsuarioFormInput, unknown, UsuarioFormValues>({
    resolver: valibotResolver(UsuarioFormSchema),
    defaultValues: initial,
  });
  const { handleSubmit, formState, setError, getValues, setValue } = form;
  // The shared fields read and write the form's input values (the role as its select's text).
  const control = form.control as unknown as Control<UsuarioFormInput>;
  const kind = useWatch({ control, name: 'Tipo' });
  const submit = async (values: UsuarioFormValues) => {
    const problems = await onSubmit(values, avatar);
    for (const [index, problem] of (problems ?? []).entries())
      setError(problem.field, { message: problem.message }, { shouldFocus: index === 0 });
  };
  // A new account's user name starts as its e-mail's local part; the person may change it.
  const suggestUserName = () => {
    if (!user && !getValues('NombreUsuario') && getValues('CorreoElectronicoPersona').includes('@'))
      setValue('NombreUsuario', userNameFromEmail(getValues('CorreoElectronicoPersona')));
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <section className="card" aria-labelledby="usuario-persona">
        <h2 id="usuario-persona">Datos de la persona</h2>
        <div className="record-form__grid">
          <FormInput control={control} name="RunPersona" label="RUT*" autocomplete="off" />
          <FormInput control={control} name="Nombres" label="Nombres*" autocomplete="off" />
          <FormInput control={control} name="ApellidoPaterno" label="Apellido Paterno*" autocomplete="off" />
          <FormInput control={control} name="ApellidoMaterno" label="Apellido Materno" autocomplete="off" />
          <FormInput control={control} name="TelefonoPersona" label="Teléfono" type="tel" inputmode="tel" autocomplete="off" />
          <FormDateField
            control={control}
            name="FechaNacimiento"
            label="Fecha de Nacimiento"
            min={DATE_PICKER_MIN}
            max={toWireDate(new Date())}
          />
        </div>
      </section>
      <section className="card" aria-labelledby="usuario-cuenta">
        <h2 id="usuario-cuenta">Cuenta de acceso</h2>
        <div className="record-form__grid">
          <FormInput
            control={control}
            name="CorreoElectronicoPersona"
            label="Correo Electrónico*"
            type="email"
            inputmode="email"
            autocomplete="off"
          />
          <div onBlur={suggestUserName}>
            <FormInput control={control} name="NombreUsuario" label="Nombre de usuario*" autocomplete="off" />
          </div>
          <FormSelect
            control={control}
            name="IdRol"
            label="Rol*"
            emptyLabel="Elige un rol"
            options={lists.roles.map((role) => ({ value: String(role.IdRol), label: role.NombreRol }))}
          />
          <FormSelect
            control={control}
            name="Tipo"
            label="Tipo de usuario*"
            options={USER_KINDS.map((value) => ({ value, label: USER_KIND_LABELS[value] }))}
          />
          {kind === 'contratista' && (
            <FormSelect
              control={control}
              name="IdContratista"
              label="Empresa contratista*"
              emptyLabel="Elige la empresa"
              options={lists.contratistas.map((party) => ({ value: party.RutCompleto, label: party.Nombre }))}
            />
          )}
          {kind === 'cliente' && (
            <FormSelect
              control={control}
              name="IdCliente"
              label="Cliente*"
              emptyLabel="Elige el cliente"
              options={lists.clientes.map((party) => ({ value: party.IdCliente, label: party.Nombre }))}
            />
          )}
        </div>
        <Controller
          control={control}
          name="Sistemas"
          render={({ field, fieldState }) => (
            <CheckList
              className="check-group--inline"
              legend="Sistemas*"
              options={SYSTEM_IDS.map((system) => ({ value: String(system), label: SYSTEM_LABELS[system] }))}
              chosen={(field.value ?? []).map(String)}
              onChange={(chosen) => field.onChange(chosen.map(Number).sort((a, b) => a - b))}
              problem={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="Faenas"
          render={({ field, fieldState }) => (
            <CheckList
              legend="Faenas en que trabaja"
              empty="La empresa aún no tiene faenas (niveles 2 y 3)"
              options={lists.faenas.map((level) => ({ value: level.IdNivel, label: level.Padre ? `${level.Padre} › ${level.Nombre}` : level.Nombre }))}
              chosen={field.value ?? []}
              onChange={(chosen) => field.onChange([...chosen].sort())}
              problem={fieldState.error?.message}
            />
          )}
        />
        <p className="muted">
          Sus tablets guardan los trabajadores y registros de estas faenas; sin ninguna marcada, los de toda la empresa. Fuera de
          ellas, un trabajador se busca con conexión.
        </p>
        {!user && (
          <p className="muted">Al guardar se crea una contraseña temporal: llega por correo y se cambia en el primer inicio de sesión.</p>
        )}
      </section>
      <section className="card" aria-labelledby="usuario-foto">
        <h2 id="usuario-foto">Foto</h2>
        <ImagePicker
          currentUrl={user?.Logo ?? '/avatar-predeterminado.svg'}
          alt="Foto del usuario"
          fallback=""
          buttonLabel={user?.LogoPropio ? 'Cambiar foto' : 'Subir foto'}
          disabled={false}
          onPicked={setAvatar}
        />
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
