import { DATE_PICKER_MIN, toWireDate } from '#sync/domain/dates.ts';
import { HoursSchema } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import { CAPACITACIONES_MESSAGES, CapacitacionCreateBodySchema } from '#sync/schemas/capacitaciones.schema.ts';
import type { RelatorBody } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import type { LocalCapacitacion } from '#app/db/capacitacion-rows.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import type { TrainingLookups } from './capacitaciones-lookups.ts';
import { ParticipantsEditor, PresentersEditor } from './sesion-personas.tsx';
import type { SessionFormOutput } from './sesion-writes.ts';

const entries = CapacitacionCreateBodySchema.entries;
const FormSchema = v.object({
  Tema: entries.Tema,
  IdTipoCapacitacion: v.pipe(v.string(CAPACITACIONES_MESSAGES.typeInvalid), v.nonEmpty(CAPACITACIONES_MESSAGES.typeInvalid)),
  IdPrograma: v.nullable(v.string()),
  Fecha: entries.Fecha,
  HoraInicio: entries.HoraInicio,
  Lugar: entries.Lugar,
  DuracionHoras: HoursSchema,
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
});
type FormValues = v.InferInput<typeof FormSchema>;

interface SessionFormProps {
  lookups: TrainingLookups;
  row: LocalCapacitacion | null;
  submitLabel: string;
  submit: (values: SessionFormOutput) => Promise<void>;
  cancel: () => void;
}

/** The office form of a session (`creadas/nuevo`, `editar/{id}`): what, when, where, who takes part and who presents. */
export function SessionForm({ lookups, row, submitLabel, submit, cancel }: SessionFormProps) {
  const session = useRequiredSession();
  const hoursId = useId();
  const [cargos, setCargos] = useState<string[]>(row?.CargosParticipantes ?? []);
  const [people, setPeople] = useState<string[]>(
    row ? row.Participantes.filter((participant) => participant.Estado === 1).map((participant) => participant.IdPersona) : [],
  );
  const [presenters, setPresenters] = useState<RelatorBody[]>(row ? row.Relatores.filter((relator) => relator.Estado === 1) : []);
  const { control, handleSubmit, formState, setValue, getValues } = useForm<FormValues>({
    resolver: valibotResolver(FormSchema),
    defaultValues: {
      Tema: row?.Tema ?? '',
      IdTipoCapacitacion: row?.IdTipoCapacitacion ?? '',
      IdPrograma: row?.IdPrograma ?? null,
      Fecha: row?.Fecha ?? toWireDate(new Date()),
      HoraInicio: row?.HoraInicio ?? '',
      Lugar: row?.Lugar ?? '',
      DuracionHoras: row?.DuracionHoras ?? 1,
      IdNivel2: row?.IdNivel2 ?? null,
      IdNivel3: row?.IdNivel3 ?? null,
    },
  });
  const [type, nv2] = useWatch({ control, name: ['IdTipoCapacitacion', 'IdNivel2'] });
  const onTypeChosen = (id: string | null) => {
    const chosen = id ? lookups.typeOf.get(id) : undefined;
    if (!chosen) return;
    // A new session takes the type's name and hours until the person writes their own.
    if (!getValues('Tema')) setValue('Tema', chosen.Nombre);
    if (!row) setValue('DuracionHoras', chosen.DuracionHoras);
  };
  const onSubmit = handleSubmit(async (values) => {
    const parsed = v.parse(FormSchema, values);
    await submit({
      ...parsed,
      IdPrograma: parsed.IdPrograma || null,
      CargosParticipantes: cargos,
      Personas: people,
      Relatores: presenters,
    });
  });

  return (
    <form className="record-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <section className="card" aria-labelledby="sesion-datos-title">
        <h2 id="sesion-datos-title">Datos de la capacitación</h2>
        <div className="record-form__grid">
          <Controller
            control={control}
            name="IdTipoCapacitacion"
            render={({ field, fieldState }) => (
              <FieldShell id="sesion-tipo" label="Tipo de capacitación*" error={fieldState.error?.message}>
                <select
                  id="sesion-tipo"
                  ref={field.ref}
                  value={field.value ?? ''}
                  aria-invalid={fieldState.error ? true : undefined}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    onTypeChosen(event.target.value);
                  }}
                >
                  <option value="">Elige un tipo</option>
                  {lookups.types.map((option) => (
                    <option key={option.IdTipoCapacitacion} value={option.IdTipoCapacitacion}>
                      {option.Nombre}
                    </option>
                  ))}
                </select>
              </FieldShell>
            )}
          />
          <FormInput control={control} name="Tema" label="Tema*" autocomplete="off" />
          <FormSelect
            control={control}
            name="IdPrograma"
            label="Línea del programa"
            emptyLabel="Fuera del programa"
            options={lookups.programme
              .filter((line) => !type || line.IdTipoCapacitacion === type)
              .map((line) => ({ value: line.IdCapacitacion, label: `${line.Mes}/${line.Anio} · ${line.Tema}` }))}
          />
          <FormDateField control={control} name="Fecha" label="Fecha*" min={DATE_PICKER_MIN} />
          <FormInput control={control} name="HoraInicio" label="Hora de inicio (HH:mm)" inputmode="numeric" />
          <FormInput control={control} name="Lugar" label="Lugar*" autocomplete="off" />
          <Controller
            control={control}
            name="DuracionHoras"
            render={({ field, fieldState }) => (
              <FieldShell id={hoursId} label="Duración en horas*" error={fieldState.error?.message}>
                <input
                  id={hoursId}
                  ref={field.ref}
                  type="number"
                  step="0.5"
                  min="0.5"
                  inputMode="decimal"
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  onBlur={field.onBlur}
                />
              </FieldShell>
            )}
          />
          <FormSelect
            control={control}
            name="IdNivel2"
            label={levelName(session, 2)}
            emptyLabel="Toda la empresa"
            options={lookups.levels[2].map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          />
          <FormSelect
            control={control}
            name="IdNivel3"
            label={levelName(session, 3)}
            emptyLabel="Todos"
            options={lookups.levels[3]
              .filter((level) => !nv2 || level.IdNivelPadre === nv2)
              .map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          />
        </div>
      </section>
      <ParticipantsEditor lookups={lookups} cargos={cargos} people={people} onCargos={setCargos} onPeople={setPeople} />
      <PresentersEditor lookups={lookups} presenters={presenters} onChange={setPresenters} />
      <div className="button-row record-form__actions">
        <SubmitButton busy={formState.isSubmitting}>{submitLabel}</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={cancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
