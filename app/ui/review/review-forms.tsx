import { isWireDate } from '#sync/domain/dates.ts';
import { type FileRef, FileRefSchema } from '#sync/records/record-fields.ts';
import { RejectBodyEntries, RespondBodyEntries, REVIEW_MESSAGES } from '#sync/records/review-step.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { Controller, type FieldValues, type Path, useForm, type UseFormRegister } from 'react-hook-form';
import * as v from 'valibot';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { PhotoField } from '#app/ui/form/photo-field.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { MISSING_PHOTO } from '#app/data/review-writes.ts';
import './review.css';

interface NativeFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  error: string | undefined;
  register: UseFormRegister<T>;
}

function TextAreaField<T extends FieldValues>({ name, label, error, register }: NativeFieldProps<T>) {
  const id = useId();
  return (
    <div className={`cycle-field${error ? ' cycle-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={4} maxLength={2000} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register(name)} />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const PhotosSchema = v.array(FileRefSchema);

const RespondSchema = v.object({ Texto: RespondBodyEntries.Texto, Archivos: PhotosSchema });

export interface RespondValues {
  Texto: string;
  Archivos: FileRef[];
}

/** How a record of the cycle is named in its forms: "observación", "medida de control". */
export interface ReviewNoun {
  one: string;
}

interface CycleFormProps<Values> {
  noun: ReviewNoun;
  onSubmit: (values: Values) => Promise<void>;
  onCancel: () => void;
}

/** The submit failed before anything was queued (a photo gone from the device): said above the buttons. */
function useSubmitError() {
  const [error, setError] = useState<string | null>(null);
  const guard =
    <Values,>(submit: (values: Values) => Promise<void>) =>
    async (values: Values) => {
      setError(null);
      try {
        await submit(values);
      } catch (failure) {
        setError(failure instanceof Error && failure.message === MISSING_PHOTO ? MISSING_PHOTO : 'No fue posible realizar la acción');
      }
    };
  return { error, guard };
}

/** "Responder": the responsible person's answer with text and photos (SPEC OV2). */
export function RespondForm({ noun, onSubmit, onCancel }: CycleFormProps<RespondValues>) {
  const { control, register, handleSubmit, formState } = useForm<RespondValues>({ resolver: valibotResolver(RespondSchema), defaultValues: { Texto: '', Archivos: [] } });
  const { error, guard } = useSubmitError();
  return (
    <form className="card cycle-form" onSubmit={handleSubmit(guard(onSubmit))} noValidate aria-labelledby="respond-title">
      <h2 id="respond-title">Responder {noun.one}</h2>
      <TextAreaField name="Texto" label="Respuesta*" error={formState.errors.Texto?.message} register={register} />
      <Controller
        control={control}
        name="Archivos"
        render={({ field }) => <PhotoField label="Fotos de la respuesta" value={field.value} onChange={field.onChange} disabled={formState.isSubmitting} />}
      />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <SubmitButton busy={formState.isSubmitting}>Enviar respuesta</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={onCancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}

export interface RejectValues {
  Texto: string;
  Plazo: string;
  Archivos: FileRef[];
}

function rejectSchema(today: string) {
  return v.object({
    Texto: RejectBodyEntries.Texto,
    Plazo: v.pipe(
      v.string(REVIEW_MESSAGES.newDeadlineRequired),
      v.nonEmpty(REVIEW_MESSAGES.newDeadlineRequired),
      v.check(isWireDate, REVIEW_MESSAGES.newDeadlineRequired),
      v.check((plazo: string) => plazo >= today, REVIEW_MESSAGES.newDeadlineTooEarly),
    ),
    Archivos: PhotosSchema,
  });
}

/** "Rechazar": the reason and a new deadline, not before today (SPEC OV2). */
export function RejectForm({ noun, onSubmit, onCancel, today }: CycleFormProps<RejectValues> & { today: string }) {
  const { control, register, handleSubmit, formState } = useForm<RejectValues>({
    resolver: valibotResolver(rejectSchema(today)),
    defaultValues: { Texto: '', Plazo: '', Archivos: [] },
  });
  const { error, guard } = useSubmitError();
  return (
    <form className="card cycle-form" onSubmit={handleSubmit(guard(onSubmit))} noValidate aria-labelledby="reject-title">
      <h2 id="reject-title">Rechazar respuesta</h2>
      <TextAreaField name="Texto" label="Motivo del rechazo*" error={formState.errors.Texto?.message} register={register} />
      <FormDateField control={control} name="Plazo" label="Nuevo plazo*" min={today} />
      <Controller
        control={control}
        name="Archivos"
        render={({ field }) => <PhotoField label="Fotos del rechazo" value={field.value} onChange={field.onChange} disabled={formState.isSubmitting} />}
      />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <SubmitButton busy={formState.isSubmitting}>Rechazar {noun.one}</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={onCancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
