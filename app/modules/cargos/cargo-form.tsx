import { CARGOS_MESSAGES, CargoCreateBodySchema } from '#sync/schemas/cargos.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import type { CargoFields } from './cargo-writes.ts';

const { entries } = CargoCreateBodySchema;

interface CargoFormProps {
  initial: CargoFields;
  levels2: LocalNivel[];
  levels3: LocalNivel[];
  level2Label: string;
  level3Label: string;
  onSubmit: (fields: CargoFields) => Promise<void>;
  onCancel: () => void;
  /** "Guardar y reenviar" when the form corrects a write the server refused. */
  submitLabel?: string;
}

export function CargoForm({ initial, levels2, levels3, level2Label, level3Label, onSubmit, onCancel, submitLabel = 'Guardar' }: CargoFormProps) {
  const parentOf = new Map(levels3.map((level) => [level.IdNivel, level.IdNivelPadre]));
  const schema = v.pipe(
    v.object({ NombreCargo: entries.NombreCargo, IdNivel2: entries.IdNivel2, IdNivel3: entries.IdNivel3 }),
    v.forward(
      v.partialCheck(
        [['IdNivel2'], ['IdNivel3']],
        (input) => !input.IdNivel3 || parentOf.get(input.IdNivel3) === input.IdNivel2,
        CARGOS_MESSAGES.levelMismatch,
      ),
      ['IdNivel3'],
    ),
  );
  const { control, handleSubmit, formState } = useForm({ resolver: valibotResolver(schema), defaultValues: initial });
  const nv2 = useWatch({ control, name: 'IdNivel2' });

  return (
    <form className="record-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <section className="card" aria-labelledby="cargo-form-title">
        <h2 id="cargo-form-title">Datos del cargo</h2>
        <div className="record-form__grid">
          <FormInput control={control} name="NombreCargo" label="Nombre del cargo*" autocomplete="off" />
          <FormSelect control={control} name="IdNivel2" label={level2Label} emptyLabel="Toda la empresa" options={levels2.map((level) => ({ value: level.IdNivel, label: level.Nombre }))} />
          <FormSelect
            control={control}
            name="IdNivel3"
            label={level3Label}
            emptyLabel="Todas"
            options={levels3.filter((level) => !nv2 || level.IdNivelPadre === nv2).map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          />
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
