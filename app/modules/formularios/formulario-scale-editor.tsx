import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import { FORMULARIOS_MESSAGES, rangesCoverScale } from '#sync/schemas/formularios.schema.ts';
import { trashOutline } from 'ionicons/icons';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { errorAt, IconButton, TextButton } from './editor-fields.tsx';
import { rangeValuesOf, type TemplateEditorValues, typedRanges } from './formulario-editor-model.ts';

const COLUMNS = [
  { field: 'Desde', header: 'Desde %', inputMode: 'decimal' },
  { field: 'Hasta', header: 'Hasta %', inputMode: 'decimal' },
  { field: 'Nota', header: 'Nota', inputMode: 'decimal' },
] as const;

function RangeCell({ index, column }: { index: number; column: (typeof COLUMNS)[number] }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<TemplateEditorValues>();
  const id = useId();
  const name = `Contenido.Rangos.${index}.${column.field}` as const;
  const error = errorAt(errors, name);
  return (
    <td>
      <input
        id={id}
        type="text"
        className={`scale-editor__input${error ? ' scale-editor__input--invalid' : ''}`}
        inputMode={column.inputMode}
        autoComplete="off"
        aria-label={`${column.header} del rango ${index + 1}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </td>
  );
}

/**
 * The grade scale: compliance from Desde % (inclusive) to Hasta % gives the Nota, typed with a decimal comma.
 * The coverage rule (0 to 100 % without gaps or overlaps) is checked as the person types.
 */
export function ScaleEditor() {
  const {
    control,
    formState: { errors, isSubmitted },
  } = useFormContext<TemplateEditorValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'Contenido.Rangos' });
  const rows = useWatch({ control, name: 'Contenido.Rangos' });
  const typed = rows ? typedRanges(rows) : null;
  const uncovered = typed !== null && !rangesCoverScale(typed);
  const listError = errorAt(errors, 'Contenido.Rangos');
  const message = uncovered ? FORMULARIOS_MESSAGES.rangesInvalid : isSubmitted ? listError : undefined;

  return (
    <>
      <table className="record-table scale-editor">
        <caption className="visually-hidden">Escala de notas</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.field} scope="col">
                {column.header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => (
            <tr key={field.id}>
              {COLUMNS.map((column) => (
                <RangeCell key={column.field} index={index} column={column} />
              ))}
              <td>
                <IconButton label={`Quitar rango ${index + 1}`} icon={trashOutline} tone="danger" disabled={fields.length === 1} onClick={() => remove(index)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div role="alert">{message && <p className="notice notice--error scale-editor__message">{message}</p>}</div>
      <div className="button-row">
        <TextButton onClick={() => append({ Desde: fields.length ? (rows?.at(-1)?.Hasta ?? '') : '0', Hasta: '100', Nota: '' })}>
          <span aria-hidden="true">+ </span>Agregar rango
        </TextButton>
        <TextButton onClick={() => replace(rangeValuesOf(DEFAULT_RANGOS))}>Restablecer escala por defecto</TextButton>
      </div>
    </>
  );
}
