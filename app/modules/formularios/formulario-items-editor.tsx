import { IonIcon } from '@ionic/react';
import { addOutline, arrowDownOutline, arrowUpOutline, trashOutline } from 'ionicons/icons';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { errorAt, IconButton, SelectField, TextButton, TextField } from './editor-fields.tsx';
import { nextLocalId, type StatementValues, type TemplateEditorValues } from './formulario-editor-model.ts';

function SubquestionsEditor({ itemIndex, statementIndex, number }: { itemIndex: number; statementIndex: number; number: string }) {
  const { control, getValues } = useFormContext<TemplateEditorValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `Contenido.Items.${itemIndex}.Enunciados.${statementIndex}.Subpreguntas` });
  return (
    <div className="subquestions-editor">
      {fields.map((field, index) => (
        <div key={field.id} className="subquestions-editor__row">
          <TextField
            name={`Contenido.Items.${itemIndex}.Enunciados.${statementIndex}.Subpreguntas.${index}.Texto`}
            label={`Subpregunta ${index + 1}`}
            context={`del enunciado ${number}`}
            required
            maxLength={300}
          />
          <IconButton label={`Quitar subpregunta ${index + 1} del enunciado ${number}`} icon={trashOutline} tone="danger" onClick={() => remove(index)} />
        </div>
      ))}
      <TextButton onClick={() => append({ IdSubpregunta: nextLocalId('s', getValues()), Texto: '' })}>
        <span aria-hidden="true">+ </span>Agregar subpregunta<span className="visually-hidden"> al enunciado {number}</span>
      </TextButton>
    </div>
  );
}

/**
 * The EPP catalogue a statement may be linked to (issue #16: a No cumple on it is a finding of non-use), plus any
 * item the template already names that is no longer in the catalogue, so an edit never drops a link silently.
 */
function useEppOptions(): { value: string; label: string }[] {
  const { getValues } = useFormContext<TemplateEditorValues>();
  const tipos = useDbQuery((db) => db.epp_tipos.orderBy('orden').toArray(), []);
  const options = (tipos ?? []).map((tipo) => ({ value: tipo.IdEpp, label: tipo.NombreEpp }));
  const known = new Set(options.map((option) => option.value));
  const linked = getValues('Contenido.Items').flatMap((item) => item.Enunciados.map((statement) => statement.IdEpp)).filter((id) => id && !known.has(id));
  return [...options, ...[...new Set(linked)].map((id) => ({ value: id, label: 'EPP eliminado del catálogo' }))];
}

function StatementsEditor({ itemIndex, eppOptions }: { itemIndex: number; eppOptions: readonly { value: string; label: string }[] }) {
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<TemplateEditorValues>();
  const { fields, append, remove, swap } = useFieldArray({ control, name: `Contenido.Items.${itemIndex}.Enunciados` });
  const listError = errorAt(errors, `Contenido.Items.${itemIndex}.Enunciados`);
  const item = itemIndex + 1;
  const add = () => {
    const statement: StatementValues = { IdEnunciado: nextLocalId('e', getValues()), Texto: '', Ponderacion: '1', Subpreguntas: [], IdEpp: '' };
    append(statement);
  };
  return (
    <>
      <ol className="statements-editor">
        {fields.map((field, index) => {
          const number = `${item}.${index + 1}`;
          return (
            <li key={field.id} className="statement-editor">
              <div className="statement-editor__main">
                <TextField name={`Contenido.Items.${itemIndex}.Enunciados.${index}.Texto`} label={`Texto del enunciado ${number}`} required multiline maxLength={500} />
                <TextField
                  name={`Contenido.Items.${itemIndex}.Enunciados.${index}.Ponderacion`}
                  label="Ponderación"
                  context={`del enunciado ${number}`}
                  required
                  inputMode="numeric"
                  className="statement-editor__weight"
                />
                <SelectField
                  name={`Contenido.Items.${itemIndex}.Enunciados.${index}.IdEpp`}
                  label="EPP que verifica"
                  context={`el enunciado ${number}`}
                  emptyLabel="Ninguno"
                  options={eppOptions}
                  className="statement-editor__epp"
                />
                <div className="editor-actions">
                  <IconButton label={`Subir enunciado ${number}`} icon={arrowUpOutline} disabled={index === 0} onClick={() => swap(index, index - 1)} />
                  <IconButton label={`Bajar enunciado ${number}`} icon={arrowDownOutline} disabled={index === fields.length - 1} onClick={() => swap(index, index + 1)} />
                  <IconButton label={`Quitar enunciado ${number}`} icon={trashOutline} tone="danger" disabled={fields.length === 1} onClick={() => remove(index)} />
                </div>
              </div>
              <SubquestionsEditor itemIndex={itemIndex} statementIndex={index} number={number} />
            </li>
          );
        })}
      </ol>
      {listError && <p className="field-error">{listError}</p>}
      <TextButton onClick={add}>
        <span aria-hidden="true">+ </span>Agregar enunciado<span className="visually-hidden"> al ítem {item}</span>
      </TextButton>
    </>
  );
}

/** Items, their statements and sub-questions: add, rename, reorder and remove; ids stay with their part. */
export function ItemsEditor() {
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<TemplateEditorValues>();
  const confirm = useConfirm();
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'Contenido.Items' });
  const listError = errorAt(errors, 'Contenido.Items');
  const eppOptions = useEppOptions();

  const add = () => {
    const values = getValues();
    const IdItem = nextLocalId('i', values);
    const IdEnunciado = nextLocalId('e', values);
    append({ IdItem, Nombre: '', Enunciados: [{ IdEnunciado, Texto: '', Ponderacion: '1', Subpreguntas: [], IdEpp: '' }] });
  };

  const removeItem = async (index: number) => {
    const item = getValues(`Contenido.Items.${index}`);
    const statements = item.Enunciados.length;
    const name = item.Nombre.trim() || `Ítem ${index + 1}`;
    const confirmed = await confirm({
      header: 'Quitar ítem',
      message: `¿Quitar el ítem «${name}» y ${statements === 1 ? 'su enunciado' : `sus ${statements} enunciados`}?`,
      confirmText: 'Quitar',
    });
    if (confirmed) remove(index);
  };

  return (
    <>
      {fields.map((field, index) => (
        <section key={field.id} className="item-editor" aria-labelledby={`item-editor-${field.id}`}>
          <div className="item-editor__head">
            <ItemHeading id={`item-editor-${field.id}`} index={index} />
            <div className="editor-actions">
              <IconButton label={`Subir ítem ${index + 1}`} icon={arrowUpOutline} disabled={index === 0} onClick={() => swap(index, index - 1)} />
              <IconButton label={`Bajar ítem ${index + 1}`} icon={arrowDownOutline} disabled={index === fields.length - 1} onClick={() => swap(index, index + 1)} />
              <IconButton label={`Quitar ítem ${index + 1}`} icon={trashOutline} tone="danger" disabled={fields.length === 1} onClick={() => void removeItem(index)} />
            </div>
          </div>
          <TextField name={`Contenido.Items.${index}.Nombre`} label="Nombre del ítem" context={String(index + 1)} required maxLength={200} />
          <StatementsEditor itemIndex={index} eppOptions={eppOptions} />
        </section>
      ))}
      {listError && <p className="field-error">{listError}</p>}
      <button type="button" className="add-button" onClick={add}>
        <IonIcon icon={addOutline} aria-hidden="true" />
        Agregar ítem
      </button>
    </>
  );
}

function ItemHeading({ id, index }: { id: string; index: number }) {
  const name = useWatch<TemplateEditorValues, `Contenido.Items.${number}.Nombre`>({ name: `Contenido.Items.${index}.Nombre` });
  return (
    <h3 id={id}>
      Ítem {index + 1}
      {name ? `: ${name}` : ''}
    </h3>
  );
}
