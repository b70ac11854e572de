import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { createRecord, resendRecord, updateRecord } from '#app/records/record-writes.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { CORRECTION_SAVED, CorrectionNotice, isCorrecting, useRefusedWrite } from './record-correction.tsx';
import { editedFields, type FormValues, RecordForm } from './record-form.tsx';
import { RecordMissing, ServerCopyNote } from './record-missing.tsx';
import type { RecordView } from './record-view.ts';
import { useRecord } from './use-record.ts';
import { keptParents } from './parents-input.tsx';
import '#app/ui/records.css';

/**
 * The form's values from a record or from what a refused write sent. A choice the device no longer offers (a level
 * the server removed since) starts empty, as its select shows it.
 */
function formValues<T extends EntityTable, Lookups>(view: RecordView<T, Lookups>, source: FormValues | null, lookups: Lookups): FormValues {
  const values: FormValues = {};
  for (const field of editedFields(view.fields)) {
    const value = source?.[field.name];
    if (field.input!.kind === 'select')
      values[field.name] = typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;
    else if (field.input!.kind === 'number') values[field.name] = typeof value === 'number' ? value : null;
    else if (field.input!.kind === 'check') values[field.name] = value === 1 ? 1 : 0;
    else if (field.input!.kind === 'multi' || field.input!.kind === 'list')
      values[field.name] = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    else if (field.input!.kind === 'parents') values[field.name] = keptParents(value, (source?.[field.input!.of] as string[] | undefined) ?? []);
    else if (field.input!.kind === 'rows') values[field.name] = Array.isArray(value) ? value.map(field.input!.rowOf) : [];
    else values[field.name] = typeof value === 'string' ? value : '';
  }
  for (const field of editedFields(view.fields)) {
    const input = field.input!;
    if (
      input.kind === 'select' &&
      values[field.name] !== null &&
      !input.options(lookups, values).some((option) => option.value === values[field.name])
    )
      values[field.name] = null;
    if (input.kind === 'multi') {
      const offered = new Set(input.options(lookups, values).map((option) => option.value));
      values[field.name] = (values[field.name] as string[]).filter((value) => offered.has(value));
    }
  }
  return values;
}

/** What a record whose form is its own (a worker's files and child lists) gives the kit's form page. */
export interface CustomRecordForm<T extends EntityTable, Values> {
  /** Data the form needs besides the record (position lists); false while it is read. */
  ready: boolean;
  create(values: Values): Promise<string>;
  /** False when nothing changed: no write was queued. */
  update(row: LocalRows[T], values: Values): Promise<boolean>;
  resend(deadKey: string, row: LocalRows[T], values: Values): Promise<void>;
  render(props: {
    row: LocalRows[T] | null;
    correcting: boolean;
    submitLabel: string;
    submit: (values: Values) => Promise<void>;
    cancel: () => void;
  }): ReactNode;
}

interface RecordFormPageProps<T extends EntityTable, Lookups, Values> {
  view: RecordView<T, Lookups>;
  /** The module's own form and writes; the kit's form from the view's fields otherwise. */
  custom?: CustomRecordForm<T, Values>;
}

/**
 * `nuevo`, `editar/{id}`, and `editar/{id}?corregir={key}` to correct a write the server refused (SPEC RP15): the
 * title, the permission, the loading and missing states, the refusal and the notices are the kit's; the form is the
 * view's, or the module's own.
 */
export function RecordFormPage<T extends EntityTable, Lookups, Values = FormValues>({
  view,
  custom,
}: RecordFormPageProps<T, Lookups, Values>) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const correctionKey = search.get('corregir');
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const entity = entityOf(view.table);
  const record = useRecord(view.table, id ?? '', view.where);
  const row = record.status === 'encontrado' ? record.row : null;
  const refused = useRefusedWrite(correctionKey, view.table, id);
  const lookups = view.useLookups?.();
  const editing = id !== undefined;
  const correcting = isCorrecting(refused);
  const title = correctionKey ? view.labels.correctTitle : editing ? view.labels.editTitle : view.labels.newTitle;
  const allowed = hasPermission(session, entity.permission, editing ? 'editar' : 'crear');

  const writes = custom ?? {
    create: (values: Values) => createRecord(view.table, { ...view.fixed, ...(values as FormValues) }),
    update: (current: LocalRows[T], values: Values) => updateRecord(view.table, current, values as FormValues),
    resend: (key: string, current: LocalRows[T], values: Values) => resendRecord(view.table, key, current, values as FormValues),
  };
  const submit = async (values: Values) => {
    if (row && correctionKey && correcting) {
      await writes.resend(correctionKey, row, values);
      showSaved(CORRECTION_SAVED, view.noticeDuration);
      navigate(paths.sincronizacion.href, { replace: true });
    } else if (row) {
      const changed = await writes.update(row, values);
      showSaved(changed ? entity.messages.updated : 'No hay cambios que guardar', view.noticeDuration);
      navigate(view.routes.detalles.href(id!), { replace: true });
    } else {
      const newId = await writes.create(values);
      showSaved(entity.messages.created, view.noticeDuration);
      navigate(view.routes.detalles.href(newId), { replace: true });
    }
  };
  const submitLabel = correctionKey ? 'Guardar y reenviar' : 'Guardar';
  const cancel = () => navigate(row ? view.routes.detalles.href(id!) : view.routes.list.href);

  const loading =
    (editing && record.status === 'cargando') ||
    refused === undefined ||
    (view.useLookups !== undefined && lookups === undefined) ||
    (custom !== undefined && !custom.ready);
  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={view.routes.list.href} parentLabel={view.title} title={title} />
        {!allowed ? (
          <p className="notice notice--warning">
            No tienes permiso para {editing ? 'editar' : 'crear'} {entity.noun.many}.
          </p>
        ) : loading ? (
          <PageLoading />
        ) : editing && !row ? (
          <RecordMissing table={view.table} lookup={record} />
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table={view.table} />}
            {correctionKey && <CorrectionNotice refused={refused} />}
            {custom ? (
              custom.render({ row, correcting, submitLabel, submit, cancel })
            ) : (
              <RecordForm
                view={view}
                lookups={lookups as Lookups}
                // What the server refused, to correct; otherwise the record as the device shows it.
                initial={formValues(
                  view,
                  correcting ? refused.record : ((row as FormValues | null) ?? view.defaults ?? null),
                  lookups as Lookups,
                )}
                submitLabel={submitLabel}
                onSubmit={(values) => submit(values as Values)}
                onCancel={cancel}
              />
            )}
          </>
        )}
      </div>
    </PageContent>
  );
}
