import { EPP_TIPOS_MESSAGES, EppTipoCreateBodySchema, eppTipoEntity } from '#sync/schemas/epp-tipos.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import { createRecord } from '#app/records/record-writes.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { FieldRecordPage } from '#app/ui/field-record/field-record-page.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { RepeatedRow, useRepeatedRows } from '#app/ui/form/repeated-rows.tsx';
import { useEppLookups } from './epp-queries.ts';
import { eppTiposView } from './epp-tipos-view.ts';
import '#app/ui/records.css';

/** The catalogue form's typed fields (name, risk, standard, sizes, useful life): one row asks each of them as text. */
const ITEM_FIELDS = eppTiposView.fields.filter((field) => field.input && field.input.kind !== 'multi');

type ItemRow = Record<string, string>;

/** A new row starts from the catalogue form's defaults: 12 months of useful life, no sizes (''). */
const blankRow = (): ItemRow => Object.fromEntries(ITEM_FIELDS.map(({ name }) => [name, String(eppTiposView.defaults?.[name] ?? '')]));

/** A row's text as its field keeps it: a number (empty is none), the sizes typed separated by commas, or the text. */
function fieldValue(kind: string | undefined, text: string): unknown {
  if (kind === 'number') return text.trim() === '' ? Number.NaN : Number(text);
  if (kind === 'list')
    return text
      .split(',')
      .map((size) => size.trim())
      .filter(Boolean);
  return text;
}

/** The create body of one row, or the first problem of its fields. */
function rowBody(row: ItemRow, actividades: string[]): { body: Record<string, unknown> } | { problem: string } {
  const candidate = {
    ...Object.fromEntries(ITEM_FIELDS.map(({ name, input }) => [name, fieldValue(input?.kind, row[name]!)])),
    actividades,
  };
  const parsed = v.safeParse(v.object({ ...EppTipoCreateBodySchema.entries, IdEpp: v.optional(v.string()) }), candidate);
  return parsed.success ? { body: candidate } : { problem: parsed.issues[0].message };
}

/** One EPP's fields, labelled by the row's `id`, as the catalogue form labels them. */
function ItemFields({ id, row, onChange }: { id: string; row: ItemRow; onChange: (patch: ItemRow) => void }) {
  return (
    <div className="record-form__grid">
      {ITEM_FIELDS.map(({ name, label, required, input }) => (
        <FieldShell
          key={name}
          id={`${id}-${name}`}
          label={`${label}${required ? '*' : ''}`}
          helper={input?.kind === 'list' ? <p className="muted">{input.hint}</p> : null}
        >
          <input
            id={`${id}-${name}`}
            value={row[name]}
            inputMode={input?.kind === 'number' ? 'numeric' : undefined}
            autoComplete="off"
            onChange={(event) => onChange({ [name]: event.target.value })}
          />
        </FieldShell>
      ))}
    </div>
  );
}

/**
 * `/epp/tipos/nuevo`: one or many EPP at once, with the economic activities they apply to. Each is its own record
 * and its own write (spec: POST root, one per item), saved on this device at once and sent when there is signal.
 */
export function EppTiposNewPage() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const showSaved = useSavedToast();
  const lookups = useEppLookups();
  const { rows, change, add, remove } = useRepeatedRows(blankRow);
  const [actividades, setActividades] = useState<string[]>([]);
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const allowed = hasPermission(session, eppTipoEntity.permission, 'crear');

  const save = async () => {
    if (!lookups) return;
    const found = new Map<number, string>();
    const bodies: Record<string, unknown>[] = [];
    const taken = new Set(lookups.tipos.map((tipo) => fold(tipo.NombreEpp.trim())));
    for (const row of rows) {
      const result = rowBody(row, actividades);
      const name = fold(row.NombreEpp!.trim());
      if ('problem' in result) found.set(row.key, result.problem);
      else if (taken.has(name)) found.set(row.key, EPP_TIPOS_MESSAGES.duplicate);
      else bodies.push(result.body);
      taken.add(name);
    }
    setProblems(found);
    if (found.size > 0) return;
    setSaving(true);
    for (const body of bodies) await createRecord('epp_tipos', body);
    showSaved(bodies.length === 1 ? eppTipoEntity.messages.created : `${bodies.length} EPP creados correctamente`);
    navigate(paths.eppTipos.list.href, { replace: true });
  };

  return (
    <FieldRecordPage
      heading={<PageHeading parentHref={paths.eppTipos.list.href} parentLabel="Tipos de EPP" title="Nuevos EPP" />}
      notice={allowed ? null : { text: 'No tienes permiso para crear EPP.', tone: 'warning' }}
      draft={lookups}
      missing={null}
    >
      {(lookups) => (
        <>
          <CardSection id="epp-new-items" title="EPP a crear">
            <p className="muted">Agrega uno o varios; cada uno se guarda como un EPP del catálogo.</p>
            {rows.map((row, index) => (
              <RepeatedRow
                key={row.key}
                legend={`EPP ${index + 1}`}
                problem={problems.get(row.key)}
                onRemove={rows.length > 1 ? () => remove(row.key) : undefined}
              >
                {(id) => <ItemFields id={id} row={row} onChange={(patch) => change(row.key, patch)} />}
              </RepeatedRow>
            ))}
            <IonButton fill="outline" color="dark" onClick={add}>
              Agregar otro EPP
            </IonButton>
          </CardSection>
          <CardSection id="epp-new-activities" title="Actividades económicas en que se usan">
            <CheckList
              legend="Actividades (ninguna: todas)"
              options={lookups.activities.map((activity) => ({ value: activity.IdActividadEconomica, label: activity.label }))}
              chosen={actividades}
              onChange={setActividades}
            />
          </CardSection>
          <div role="alert">{problems.size > 0 && <p className="notice notice--error">Revisa los EPP marcados antes de guardar.</p>}</div>
          <div className="button-row record-form__actions">
            <IonButton onClick={() => void save()} disabled={saving}>
              {rows.length === 1 ? 'Guardar EPP' : `Guardar ${rows.length} EPP`}
            </IonButton>
            <IonButton fill="outline" color="dark" routerLink={paths.eppTipos.list.href}>
              Cancelar
            </IonButton>
          </div>
        </>
      )}
    </FieldRecordPage>
  );
}
