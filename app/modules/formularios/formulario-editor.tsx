import { formatNumber } from '#sync/domain/number-format.ts';
import { FORMULARIO_TYPE_LABELS, FORMULARIO_TYPES } from '#sync/schemas/formularios.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { trashOutline } from 'ionicons/icons';
import { useId } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { CardSection } from '#app/ui/card-section.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { RadioList } from '#app/ui/form/radio-list.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { errorAt, IconButton, TextButton, TextField } from './editor-fields.tsx';
import { type TemplateEditorValues, type TemplateFields, nextLocalId, templateEditorSchema } from './formulario-editor-model.ts';
import { ItemsEditor } from './formulario-items-editor.tsx';
import { ScaleEditor } from './formulario-scale-editor.tsx';

const TYPE_OPTIONS = FORMULARIO_TYPES.map((tipo) => ({ value: tipo, label: FORMULARIO_TYPE_LABELS[tipo] }));

const HEADER_FIELD_TYPES = [
  { value: 'texto', label: 'Texto' },
  { value: 'numero', label: 'Número' },
  { value: 'fecha', label: 'Fecha' },
] as const;

const COLUMN_OPTIONS = [
  { value: 1, label: '1 columna' },
  { value: 2, label: '2 columnas' },
] as const;

function TypeSelect() {
  const { control } = useFormContext<TemplateEditorValues>();
  return <FormSelect control={control} name="Tipo" label="Tipo" options={TYPE_OPTIONS} />;
}

function HeaderEditor() {
  const { control, register, getValues, setValue } = useFormContext<TemplateEditorValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'Contenido.CamposEncabezado' });
  const columns = useWatch({ control, name: 'Contenido.ColumnasEncabezado' });
  const name = useId();
  return (
    <>
      <RadioList
        legend="Columnas del encabezado"
        options={COLUMN_OPTIONS}
        chosen={Number(columns)}
        onChange={(count) => setValue('Contenido.ColumnasEncabezado', count, { shouldDirty: true })}
      />
      <p className="muted">
        Fecha, lugar, niveles, supervisor, trabajadores observados y contratista van siempre en el encabezado. Agrega aquí los campos
        propios de este formulario.
      </p>
      {fields.length > 0 && (
        <ol className="header-fields-editor">
          {fields.map((field, index) => (
            <li key={field.id}>
              <TextField
                name={`Contenido.CamposEncabezado.${index}.Etiqueta`}
                label="Etiqueta del campo"
                context={String(index + 1)}
                required
                maxLength={80}
              />
              <div className="editor-field">
                <label htmlFor={`${name}-tipo-${index}`}>
                  Tipo<span className="visually-hidden"> del campo {index + 1}</span>
                </label>
                <select id={`${name}-tipo-${index}`} {...register(`Contenido.CamposEncabezado.${index}.Tipo`)}>
                  {HEADER_FIELD_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
              <label className="check-group__option">
                <input type="checkbox" {...register(`Contenido.CamposEncabezado.${index}.Requerido`)} />
                Requerido<span className="visually-hidden"> (campo {index + 1})</span>
              </label>
              <IconButton label={`Quitar campo ${index + 1}`} icon={trashOutline} tone="danger" onClick={() => remove(index)} />
            </li>
          ))}
        </ol>
      )}
      <TextButton onClick={() => append({ IdCampo: nextLocalId('c', getValues()), Etiqueta: '', Tipo: 'texto', Requerido: false })}>
        <span aria-hidden="true">+ </span>Agregar campo de encabezado
      </TextButton>
    </>
  );
}

function ContentSummary() {
  const items = useWatch<TemplateEditorValues, 'Contenido.Items'>({ name: 'Contenido.Items' });
  const statements = (items ?? []).flatMap((item) => item.Enunciados);
  const weight = statements.reduce((sum, statement) => sum + (Number(statement.Ponderacion) || 0), 0);
  return (
    <p className="muted" role="status">
      {items?.length === 1 ? '1 ítem' : `${items?.length ?? 0} ítems`} ·{' '}
      {statements.length === 1 ? '1 enunciado' : `${statements.length} enunciados`} · suma de ponderaciones {formatNumber(weight)}
    </p>
  );
}

function FormErrorSummary() {
  const {
    formState: { errors, submitCount },
  } = useFormContext<TemplateEditorValues>();
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  const contentError = errorAt(errors, 'Contenido');
  return (
    <div className="notice notice--error" role="alert">
      <p>Revisa los campos marcados antes de guardar.</p>
      {contentError && <p>{contentError}</p>}
    </div>
  );
}

interface FormularioEditorProps {
  initial: TemplateEditorValues;
  onSubmit: (fields: TemplateFields) => Promise<void>;
  onCancel: () => void;
}

/** The template editor (office, desktop first, usable on a tablet): data, header, items and grade scale. */
export function FormularioEditor({ initial, onSubmit, onCancel }: FormularioEditorProps) {
  const form = useForm<TemplateEditorValues, unknown, TemplateFields>({
    resolver: valibotResolver(templateEditorSchema),
    defaultValues: initial,
  });
  return (
    <FormProvider {...form}>
      <form className="record-form template-editor" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <FormErrorSummary />
        <CardSection id="template-data" title="Datos del formulario">
          <div className="record-form__grid">
            <TextField name="Nombre" label="Nombre del formulario" required maxLength={150} />
            <TypeSelect />
          </div>
          <TextField name="Descripcion" label="Descripción" multiline maxLength={500} />
        </CardSection>
        <CardSection id="template-header" title="Encabezado">
          <HeaderEditor />
        </CardSection>
        <CardSection id="template-items" title="Ítems y enunciados">
          <ContentSummary />
          <ItemsEditor />
        </CardSection>
        <CardSection id="template-scale" title="Escala de notas">
          <p className="muted">
            El porcentaje de cumplimiento desde «Desde %» (incluido) hasta «Hasta %» da la nota. La escala debe cubrir de 0 a 100 %.
          </p>
          <ScaleEditor />
        </CardSection>
        <div className="button-row record-form__actions">
          <SubmitButton busy={form.formState.isSubmitting}>Guardar</SubmitButton>
          <IonButton fill="outline" color="dark" onClick={onCancel}>
            Cancelar
          </IonButton>
        </div>
      </form>
    </FormProvider>
  );
}
