import type { FileRef } from '#sync/records/record-fields.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import type { ReactNode } from 'react';
import { type Control, type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { LocalFile } from '#app/data/local-write.ts';
import { FileField, usePickedFile } from '#app/ui/form/file-pick-field.tsx';
import { ScrollTable } from '#app/ui/scroll-table.tsx';
import { fileRefOf } from './trabajador-writes.ts';

export interface ChildColumn<Child> {
  header: string;
  cell: (child: Child) => ReactNode;
}

interface ChildTableProps<Child> {
  caption: string;
  empty: string;
  columns: ChildColumn<Child>[];
  rows: Child[];
  rowKey: (child: Child) => string;
}

/** A worker's child list (certifications, licences, evidence) as a table, or a note when it is empty. */
export function ChildTable<Child>({ caption, empty, columns, rows, rowKey }: ChildTableProps<Child>) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  // On a phone the columns (a file, its date, its button) are wider than the card: the table scrolls sideways.
  return (
    <ScrollTable label={caption}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** A child added in this edit, with the bytes of the files it references. */
export interface NewChild<Child> {
  child: Child;
  files: LocalFile[];
}

export interface ChildListEditorProps<Values extends FieldValues, Output extends FieldValues, Child> {
  /** Prefix of the section's heading ids. */
  id: string;
  title: string;
  addLabel: string;
  table: Omit<ChildTableProps<Child>, 'rows'>;
  existing: Child[];
  added: NewChild<Child>[];
  /** A correction resends the refused write's own files only: nothing can be attached then. */
  locked: boolean;
  onChange: (added: NewChild<Child>[]) => void;
  schema: v.GenericSchema<Values, Output>;
  defaultValues: Values;
  fields: (control: Control<Values, unknown, Output>) => ReactNode;
  fileLabel: string;
  /** The message shown when no file was chosen; without it the file is optional. */
  fileRequired?: string;
  build: (values: Output, file: FileRef | null) => Child;
}

/** A worker's child list with a subform that appends new children with their file (SPEC CF5: append-only). */
export function ChildListEditor<Values extends FieldValues, Output extends FieldValues, Child>(
  props: ChildListEditorProps<Values, Output, Child>,
) {
  const { id, added, onChange, fileRequired } = props;
  const picked = usePickedFile();
  const { control, handleSubmit, reset } = useForm<Values, unknown, Output>({
    resolver: valibotResolver(props.schema) as Resolver<Values, unknown, Output>,
    defaultValues: props.defaultValues as DefaultValues<Values>,
  });

  const add = handleSubmit((values) => {
    const { file } = picked;
    if (!file && fileRequired) return picked.setError(fileRequired);
    onChange([...added, { child: props.build(values, file ? fileRefOf(file) : null), files: file ? [file] : [] }]);
    reset();
    picked.clear();
  });

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <ChildTable {...props.table} rows={[...props.existing, ...added.map((entry) => entry.child)]} />
      {!props.locked && (
        <div className="subform" role="group" aria-labelledby={`${id}-new-title`}>
          <h3 id={`${id}-new-title`}>{props.addLabel}</h3>
          <div className="record-form__grid">
            {props.fields(control)}
            <FileField label={props.fileLabel} picked={picked} />
          </div>
          <div className="button-row">
            <IonButton fill="outline" color="dark" onClick={() => void add()}>
              {props.addLabel}
            </IonButton>
          </div>
        </div>
      )}
    </section>
  );
}
