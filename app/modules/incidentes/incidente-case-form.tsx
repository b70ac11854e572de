import { toWireDate } from '#sync/domain/dates.ts';
import { reportProblems } from '#sync/domain/incident-rules.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { INCIDENT_FIELDS, InvestigadorSchema } from '#sync/schemas/incidentes.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import * as v from 'valibot';
import { DraftError } from '#app/data/drafts.ts';
import type { IncidentFields, LocalIncidente, LocalMedida } from '#app/db/incident-rows.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { SubmitButton } from '#app/ui/form/submit-button.tsx';
import { storedFields } from './draft-finish.ts';
import { ClassificationSection } from './form/classification-section.tsx';
import { EvidenceSection } from './form/evidence-section.tsx';
import { type IncidentFormBinding, problemsByField } from './form/incident-form-model.ts';
import { MeasuresSection } from './form/measures-section.tsx';
import { SignaturesSection } from './form/signatures-section.tsx';
import { EventSection, InjuredSection } from './form/stage-one-section.tsx';
import { CausesSection, InjurySection } from './form/stage-two-section.tsx';
import type { CaseAdditions } from './incidente-writes.ts';
import type { IncidentLookups } from './use-incident-lookups.ts';
import './form/incident-form.css';

export interface CaseEditValues {
  fields: IncidentFields;
  additions: CaseAdditions;
}

/** The form's fields of a stored case. */
export function fieldsOf(row: LocalIncidente): IncidentFields {
  const record = row as unknown as Record<string, unknown>;
  return {
    ...(Object.fromEntries(INCIDENT_FIELDS.map((field) => [field, record[field]])) as unknown as IncidentFields),
    RutContratista: row.RutContratista ?? '',
  };
}

interface CaseFormProps {
  row: LocalIncidente;
  measures: readonly LocalMedida[];
  lookups: IncidentLookups;
  submitLabel: string;
  onSubmit: (values: CaseEditValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * A case completed or corrected (stages 2 and 3 at the office, or on the device): every field of the report, and
 * new evidence, statements, investigators and measures; what is on the server already stays (CF5). Saved as ONE
 * update with only what changed (CF2), checked first with the server's rules.
 */
export function CaseForm({ row, measures, lookups, submitLabel, onSubmit, onCancel }: CaseFormProps) {
  const session = useRequiredSession();
  const [fields, setFields] = useState<IncidentFields>(() => fieldsOf(row));
  const [additions, setAdditions] = useState<CaseAdditions>({ evidences: [], declarations: [], investigators: [], measures: [] });
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const today = toWireDate(new Date());
  const problemList = checked ? reportProblems({ ...storedFields(fields), MedidasControl: additions.measures }, today) : [];
  const fresh = new Set([
    ...additions.evidences.map((e) => e.IdEvidencia),
    ...additions.declarations.map((d) => d.IdDeclaracion),
    ...additions.investigators.map((i) => i.IdInvestigador),
  ]);
  const add = (patch: Partial<CaseAdditions>) =>
    setAdditions((current) => ({
      ...current,
      ...Object.fromEntries(
        Object.entries(patch).map(([key, list]) => [key, [...current[key as keyof CaseAdditions], ...(list as unknown[])]]),
      ),
    }));
  const removeFrom = (key: keyof CaseAdditions, test: (item: never) => boolean) =>
    setAdditions((current) => ({ ...current, [key]: (current[key] as never[]).filter((item) => !test(item)) }));

  const form: IncidentFormBinding = {
    fields,
    set: (patch) => setFields((current) => ({ ...current, ...patch })),
    textDelay: 0,
    problems: problemsByField(problemList),
    lookups,
    levelLabels: { 2: levelName(session, 2), 3: levelName(session, 3) },
  };

  const submit = async () => {
    setChecked(true);
    if (reportProblems({ ...storedFields(fields), MedidasControl: additions.measures }, today).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({ fields: storedFields(fields), additions });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ClassificationSection form={form} />
      <EventSection form={form} />
      <InjuredSection form={form} />
      <InjurySection form={form} />
      <CausesSection form={form} />
      <MeasuresSection
        binding={{
          existing: measures,
          added: additions.measures,
          onAdd: async (measure) => add({ measures: [{ IdMedidaControl: uuidV7(), ...measure }] }),
          onRemove: async (id) => removeFrom('measures', (item: { IdMedidaControl: string }) => item.IdMedidaControl === id),
          from: fields.FechaOcurrencia,
          problems: form.problems,
        }}
      />
      <EvidenceSection
        binding={{
          evidences: [...row.Evidencias, ...additions.evidences],
          declarations: [...row.Declaraciones, ...additions.declarations],
          removable: (id) => fresh.has(id),
          onPhotos: async (photos) => {
            const known = new Set([...row.Evidencias, ...additions.evidences].map((evidence) => evidence.Archivo.Sha256));
            const count = [...row.Evidencias, ...additions.evidences].filter((evidence) =>
              evidence.Archivo.Tipo.startsWith('image/'),
            ).length;
            add({
              evidences: photos
                .filter((photo) => !known.has(photo.Sha256))
                .map((Archivo, index) => ({
                  IdEvidencia: uuidV7(),
                  Nombre: `Foto ${count + index + 1}`,
                  Archivo,
                  Fecha: new Date().toISOString(),
                })),
            });
          },
          onFile: async (file, name) => {
            await requireDevice().db.archivosDispositivo.put({
              sha256: file.sha256,
              type: file.type,
              bytes: file.bytes,
              creadoEn: Date.now(),
            });
            add({
              evidences: [
                {
                  IdEvidencia: uuidV7(),
                  Nombre: name.slice(0, 160) || 'Documento',
                  Archivo: { Sha256: file.sha256, Tipo: file.type as 'application/pdf' },
                  Fecha: new Date().toISOString(),
                },
              ],
            });
          },
          onRemoveEvidence: async (id) => removeFrom('evidences', (item: { IdEvidencia: string }) => item.IdEvidencia === id),
          onDeclaration: async (declaration) =>
            add({ declarations: [{ IdDeclaracion: uuidV7(), ...declaration, Archivo: null, Fecha: new Date().toISOString() }] }),
          onRemoveDeclaration: async (id) => removeFrom('declarations', (item: { IdDeclaracion: string }) => item.IdDeclaracion === id),
        }}
      />
      <SignaturesSection
        form={form}
        binding={{
          investigators: [...row.Investigadores, ...additions.investigators],
          removable: (id) => fresh.has(id),
          onInvestigator: async (person, png) => {
            if (!png) throw new DraftError('Dibuja la firma antes de guardarla');
            const parsed = v.safeParse(InvestigadorSchema, {
              IdInvestigador: uuidV7(),
              ...person,
              Firma: { Sha256: png.sha256, Tipo: 'image/png' },
              FirmadoEn: new Date().toISOString(),
            });
            if (!parsed.success) throw new DraftError(parsed.issues[0].message);
            await requireDevice().db.archivosDispositivo.put({
              sha256: png.sha256,
              type: 'image/png',
              bytes: png.bytes,
              creadoEn: Date.now(),
            });
            add({ investigators: [parsed.output] });
          },
          onRemoveInvestigator: async (id) => removeFrom('investigators', (item: { IdInvestigador: string }) => item.IdInvestigador === id),
          onReporterSignature: null,
          reporterSignatureUrl: null,
        }}
      />
      {problemList.length > 0 && (
        <div className="notice notice--error" role="alert">
          <p>Antes de guardar:</p>
          <ul>
            {problemList.map((problem) => (
              <li key={`${problem.field}-${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="button-row record-form__actions">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        <IonButton fill="outline" color="dark" onClick={onCancel}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}
