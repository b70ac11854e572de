import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { Controller, type Control, type FieldValues, useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormDateField } from '#app/ui/form/date-field.tsx';
import { FormMonthField } from '#app/ui/form/month-field.tsx';
import { FormSelect, type SelectOption } from '#app/ui/form/form-select.tsx';
import { keptParents, ParentsInput } from './parents-input.tsx';
import { RowsInput } from './rows-input.tsx';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import type { FieldView, RecordView } from './record-view.ts';

export type FormValues = Record<string, unknown>;

interface RecordFormProps<T extends EntityTable, Lookups> {
  view: RecordView<T, Lookups>;
  lookups: Lookups;
  initial: FormValues;
  submitLabel: string;
  onSubmit: (values: FormValues) => Promise<void>;
  onCancel: () => void;
}

/** The fields the form edits. */
export function editedFields<Row, Lookups>(fields: FieldView<Row, Lookups>[]) {
  return fields.filter((field) => field.input !== undefined);
}

/** A number field: the person types text, the record keeps a number (empty is null, which its schema refuses). */
function NumberInput({ control, name, label }: { control: Control<FieldValues>; name: string; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldShell id={`record-${name}`} label={label} error={fieldState.error?.message}>
          <input
            id={`record-${name}`}
            ref={field.ref}
            type="number"
            inputMode="numeric"
            name={field.name}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `record-${name}-error` : undefined}
            onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
            onBlur={field.onBlur}
          />
        </FieldShell>
      )}
    />
  );
}

/** A yes/no field kept as 1 or 0, as the spec's records keep their flags. */
function CheckInput({ control, name, label }: { control: Control<FieldValues>; name: string; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="check-group__option">
          <input
            type="checkbox"
            ref={field.ref}
            name={field.name}
            checked={field.value === 1}
            onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
            onBlur={field.onBlur}
          />
          {label}
        </label>
      )}
    />
  );
}

/** Several choices among options, kept as the list of chosen values (an EPP's economic activities). */
function MultiInput({
  control,
  name,
  label,
  options,
}: {
  control: Control<FieldValues>;
  name: string;
  label: string;
  options: SelectOption[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CheckList
          className="record-form__wide"
          legend={label}
          options={options}
          chosen={(field.value as string[] | undefined) ?? []}
          // The record keeps its choices in the options' order.
          onChange={(chosen) => field.onChange(options.map((option) => option.value).filter((value) => chosen.includes(value)))}
          empty="No hay opciones en este dispositivo."
          problem={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Short texts typed separated by commas ("S, M, L"), kept as their list; empty pieces are dropped. */
function ListInput({ control, name, label, hint }: { control: Control<FieldValues>; name: string; label: string; hint: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ListText
          name={field.name}
          label={label}
          hint={hint}
          value={(field.value as string[] | undefined) ?? []}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

function ListText({
  name,
  label,
  hint,
  value,
  error,
  onChange,
  onBlur,
}: {
  name: string;
  label: string;
  hint: string;
  value: string[];
  error?: string;
  onChange: (list: string[]) => void;
  onBlur: () => void;
}) {
  // What the person typed stays as typed (a trailing comma, a space); the field keeps the parsed list.
  const [text, setText] = useState(() => value.join(', '));
  const id = `record-${name}`;
  return (
    <FieldShell id={id} label={label} error={error} helper={<p className="muted">{hint}</p>}>
      <input
        id={id}
        name={name}
        value={text}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(
            event.target.value
              .split(',')
              .map((piece) => piece.trim())
              .filter(Boolean),
          );
        }}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}

/**
 * The kit's form of a described record: one input per edited field of the view, validated with the fields' own
 * schemas from the entity's create body (the server's and the API's), and the view's rule across fields.
 */
export function RecordForm<T extends EntityTable, Lookups>({
  view,
  lookups,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: RecordFormProps<T, Lookups>) {
  const entity = entityOf(view.table);
  const fields = editedFields(view.fields);
  const entries = (entity.createBody as unknown as { entries: v.ObjectEntries }).entries;
  const schema = v.object(Object.fromEntries(fields.map((field) => [field.name, entries[field.name] ?? v.unknown()])));
  const { control, handleSubmit, formState, setError } = useForm<FieldValues>({
    resolver: valibotResolver(schema),
    defaultValues: initial,
  });
  const values = useWatch({ control }) as FormValues;

  const submit = async (chosen: FormValues) => {
    // A chain keeps only the items still chosen: one unticked after its choice leaves no orphan behind.
    const valid = { ...chosen };
    for (const field of fields) if (field.input!.kind === 'parents') valid[field.name] = keptParents(valid[field.name], (valid[field.input!.of] as string[]) ?? []);
    const problem = view.validate?.(valid, lookups);
    if (problem && !fields.some((field) => field.name === problem.field))
      throw new Error(`${view.table}: la regla marca ${problem.field}, que el formulario no tiene`);
    if (problem) return setError(problem.field, { message: problem.message }, { shouldFocus: true });
    await onSubmit(valid);
  };

  return (
    <form className="record-form" onSubmit={handleSubmit(submit)} noValidate>
      <section className="card" aria-labelledby="record-form-title">
        <h2 id="record-form-title">{view.labels.data}</h2>
        <div className="record-form__grid">
          {fields.map((field) => {
            const label = `${field.label}${field.required ? '*' : ''}`;
            const input = field.input!;
            if (input.kind === 'select') {
              return (
                <FormSelect
                  key={field.name}
                  control={control}
                  name={field.name}
                  label={label}
                  emptyLabel={input.emptyLabel}
                  options={input.options(lookups, values)}
                />
              );
            }
            if (input.kind === 'number') return <NumberInput key={field.name} control={control} name={field.name} label={label} />;
            if (input.kind === 'month')
              return <FormMonthField key={field.name} control={control} name={field.name} label={label} max={input.max?.()} />;
            if (input.kind === 'date') return <FormDateField key={field.name} control={control} name={field.name} label={label} />;
            if (input.kind === 'check') return <CheckInput key={field.name} control={control} name={field.name} label={label} />;
            if (input.kind === 'multi')
              return (
                <MultiInput key={field.name} control={control} name={field.name} label={label} options={input.options(lookups, values)} />
              );
            if (input.kind === 'parents') {
              const of = view.fields.find((other) => other.name === input.of)!;
              const chosen = new Set((values[input.of] as string[] | undefined) ?? []);
              const items = of.input?.kind === 'multi' ? of.input.options(lookups, values).filter((option) => chosen.has(option.value)) : [];
              const options = input.options(lookups, values);
              return (
                <ParentsInput key={field.name} {...{ control, label, items, options }} name={field.name} emptyLabel={input.emptyLabel} />
              );
            }
            if (input.kind === 'rows') {
              const { noun, empty, blank, rowOf } = input;
              const columns = (row: Record<string, unknown>) => input.columns(lookups, values, row);
              return <RowsInput key={field.name} {...{ control, label, noun, empty, blank, rowOf, columns }} name={field.name} />;
            }
            if (input.kind === 'list')
              return <ListInput key={field.name} control={control} name={field.name} label={label} hint={input.hint} />;
            return <FormInput key={field.name} control={control} name={field.name} label={label} autocomplete="off" />;
          })}
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
