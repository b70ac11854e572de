import { toWireDate } from '#sync/domain/dates.ts';
import { fieldsNotStored } from '#sync/domain/incident-form.ts';
import { type ReportProblem, reportProblems } from '#sync/domain/incident-rules.ts';
import { fillPath } from '#sync/records/entity.ts';
import { type IncidenteCreateBody, IncidenteCreateBodySchema, incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import { type MedidaControl, type MedidaNueva, newMeasure } from '#sync/schemas/medidas-control.schema.ts';
import * as v from 'valibot';
import { finishDraft, type FinishPlan, type FinishResult } from '#app/data/drafts.ts';
import type { localWrite } from '#app/data/local-write.ts';
import { withIncidentDerived } from '#app/db/incident-derived.ts';
import { filesOfIncidentDraft, type IncidentDraft, type IncidentFields, type LocalIncidente } from '#app/db/incident-rows.ts';
import { referencedRecords } from '#app/records/record-writes.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

/** The fields a classification does not store are sent empty (they were typed before the classification changed). */
export function storedFields(fields: IncidentFields): IncidentFields {
  if (!fields.Clasificacion) return fields;
  const notStored = fieldsNotStored(fields.Clasificacion);
  return { ...fields, ...(notStored.includes('FechaAlta') ? { FechaAlta: '' } : {}), ...(notStored.includes('Monto') ? { Monto: null } : {}) };
}

/** The body the draft would send now, before the schema parses it. */
export function candidateOf(draft: IncidentDraft) {
  return {
    IdEvaluacion: draft.IdEvaluacion,
    IdAccidente: draft.IdAccidente,
    ...storedFields(draft.campos),
    Evidencias: draft.Evidencias,
    Declaraciones: draft.Declaraciones,
    Investigadores: draft.Investigadores,
    MedidasControl: draft.MedidasControl,
  };
}

/** SPEC IC2: what still stops the report from being sent, by field; the server applies the same rules. */
export function draftProblems(draft: IncidentDraft, today: string): ReportProblem[] {
  const candidate = candidateOf(draft);
  const problems = reportProblems(candidate, today);
  const parsed = v.safeParse(IncidenteCreateBodySchema, candidate);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const field = String(issue.path?.[0]?.key ?? 'general');
      if (!problems.some((problem) => problem.field === field)) problems.push({ field, message: issue.message });
    }
  }
  return problems;
}

/** The case as the device shows it until the server's row comes back. */
function caseRow(draft: IncidentDraft, body: IncidenteCreateBody, now: Date): LocalIncidente {
  const { MedidasControl: _measures, ...fields } = body;
  return withIncidentDerived({
    ...fields,
    RutContratista: fields.RutContratista || null,
    IdEmpresa: draft.IdEmpresa,
    Estado: 1,
    Version: 1,
    DiasPerdidos: null,
    Gravedad: 'no_grave',
    ValorRiesgo: null,
    NivelRiesgo: '',
    IdCliente: null,
    FechaEvaluacion: toWireDate(now),
    IdUsuario: draft.IdUsuario,
    CreadoEn: now.toISOString(),
    CerradoEn: null,
  });
}

/** Measures as the device shows them until the server answers: the rows the server will store. */
export function measureRows(incident: LocalIncidente, measures: readonly MedidaNueva[], now: Date): MedidaControl[] {
  return measures.map((measure) => newMeasure(incident, measure, now));
}

const general = (message: string): ReportProblem => ({ field: 'general', message });

function finishPlan(draft: IncidentDraft): FinishPlan<'borradores_incidentes', ReportProblem> {
  const now = new Date();
  const problems = draftProblems(draft, toWireDate(now));
  if (problems.length > 0) return { ok: false, problems };
  const body = v.parse(IncidenteCreateBodySchema, candidateOf(draft));
  const row = caseRow(draft, body, now);
  const measures = measureRows(row, body.MedidasControl, now);
  return {
    ok: true,
    finish: {
      write: {
        table: 'incidentes',
        id: draft.IdEvaluacion,
        row,
        request: { method: 'POST', path: `${incidenteEntity.api.base}${fillPath(incidenteEntity.api.create!, { company: draft.IdEmpresa })}`, body },
        // Levels, the worker and catalogue entries created offline go first (OB7).
        parents: referencedRecords(incidenteEntity, body),
      },
      files: filesOfIncidentDraft(draft),
      tables: ['medidas_control'],
      apply: async (database, finished) => {
        await database.medidas_control.bulkPut(measures);
        delete finished.rechazo;
      },
    },
  };
}

/**
 * SPEC IC1: checks the report with the server's rules and, when it passes, queues ONE write with the whole report
 * (stage 1, and stages 2 and 3 if written), its files and measures, shows the case and its measures on the device
 * and locks the draft, in one transaction. Calling it again while it runs, or after it was sent, queues nothing.
 */
export function finishIncidentDraft(id: string, device: FinishDevice = requireDevice()): Promise<FinishResult<ReportProblem>> {
  return finishDraft('borradores_incidentes', id, finishPlan, general, device);
}
