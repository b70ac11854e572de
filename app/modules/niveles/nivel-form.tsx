import { type LevelType, NIVELES_MESSAGES, NivelCreateBodySchema } from '#sync/schemas/niveles.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import type { NivelFields } from './nivel-writes.ts';

const { entries } = NivelCreateBodySchema;

interface NivelFormProps {
  type: LevelType;
  initial: NivelFields;
  /** Levels of the type above, for levels 3 and 4. */
  parents: LocalNivel[];
  parentLabel: string | null;
  onSubmit: (fields: NivelFields) => Promise<void>;
  onCancel: () => void;
  /** "Guardar y reenviar" when the form corrects a write the server refused. */
  submitLabel?: string;
}

export function NivelForm({ type, initial, parents, parentLabel, onSubmit, onCancel, submitLabel = 'Guardar' }: NivelFormProps) {
  const schema = v.pipe(
    v.object({ Nombre: entries.Nombre, IdNivelPadre: entries.IdNivelPadre, RutNivel: entries.RutNivel }),
    v.forward(
      v.partialCheck([['IdNivelPadre']], (input) => (type === 2 ? input.IdNivelPadre === null : input.IdNivelPadre !== null), NIVELES_MESSAGES.parentInvalid),
      ['IdNivelPadre'],
    ),
  );
  const { control, handleSubmit, formState } = useForm({ resolver: valibotResolver(schema), defaultValues: initial });

  return (
    <form className="record-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <section className="card" aria-labelledby="level-form-title">
        <h2 id="level-form-title">Datos</h2>
        <div className="record-form__grid">
          <FormInput control={control} name="Nombre" label="Nombre*" autocomplete="off" />
          {parentLabel && (
            <FormSelect
              control={control}
              name="IdNivelPadre"
              label={`${parentLabel}*`}
              emptyLabel="Selecciona una opción"
              options={parents.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
            />
          )}
          <FormInput control={control} name="RutNivel" label="Rut (opcional)" autocomplete="off" />
        </div>
      </section>
      <div className="button-row record-form__actions">
        <SubmitButton busy={formState.isSubmitting}>{submitLabel}</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={onCancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
