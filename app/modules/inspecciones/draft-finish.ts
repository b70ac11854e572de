import { type InspectionCandidate, type InspectionProblem, inspectionProblems } from '#sync/domain/inspection-rules.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { inspectionRecord } from '#sync/schemas/inspeccion-record.ts';
import {
  type InspeccionCreateBody,
  InspeccionCreateBodySchema,
  type ObservacionNueva,
} from '#sync/schemas/inspecciones.schema.ts';
import * as v from 'valibot';
import { type DraftObservation, filesOfInspectionDraft, type InspectionDraft } from '#app/db/inspection-rows.ts';
import { finishDraft as finishAnyDraft, type FinishPlan, type FinishResult as AnyFinishResult } from '#app/data/drafts.ts';
import type { localWrite } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { refusalOf, releaseHeldWrites } from './draft-reopen.ts';

/** SPEC IN2: the one write that carries a whole finished inspection. */
export const INSPECTIONS_PATH = '/api/inspecciones/observaciones-inspecciones';

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

/** Who finishes: the observations name them as their issuer (EmisorObs). */
export interface Finisher {
  userName: string;
}

export type FinishResult = AnyFinishResult<InspectionProblem>;

/** A general observation or gap the person added and left empty is not part of the inspection. */
function isEmptyExtra(observation: DraftObservation): boolean {
  return observation.TipoObs !== 'Checklist' && observation.Observacion.trim() === '' && observation.Archivos.length === 0;
}

function withoutEstado({ Estado: _estado, ...observation }: DraftObservation): ObservacionNueva {
  return observation;
}

/** The body the draft would send now, before the schema parses it (the rules check this shape). */
export function candidateOf(
  draft: InspectionDraft,
  finishedAt = new Date().toISOString(),
): InspectionCandidate & Omit<InspeccionCreateBody, keyof InspectionCandidate> {
  const content = draft.formulario.Contenido;
  const respuestas = statementsOf(content).flatMap((statement) => {
    const answer = draft.respuestas[statement.IdEnunciado];
    if (!answer) return [];
    const written = statement.Subpreguntas.map(
      (sub) => [sub.IdSubpregunta, (answer.Subrespuestas[sub.IdSubpregunta] ?? '').trim()] as const,
    ).filter(([, text]) => text !== '');
    return [{ IdEnunciado: statement.IdEnunciado, Respuesta: answer.Respuesta, Subrespuestas: Object.fromEntries(written) }];
  });
  const encabezado = content.CamposEncabezado.map(
    (campo) => [campo.IdCampo, (draft.Encabezado[campo.IdCampo] ?? '').trim()] as const,
  ).filter(([, text]) => text !== '');
  return {
    IdEvaluacion: draft.IdEvaluacion,
    IdFormulario: draft.formulario.IdFormulario,
    VersionFormulario: draft.formulario.VersionFormulario,
    Fecha: draft.Fecha,
    Lugar: draft.Lugar,
    IdNivel2: draft.IdNivel2,
    IdNivel3: draft.IdNivel3,
    Supervisor: draft.Supervisor,
    Observados: draft.Observados,
    EquipoTrabajo: draft.EquipoTrabajo,
    RutContratista: draft.RutContratista?.trim() ? cleanRut(draft.RutContratista) : null,
    IdCliente: draft.IdCliente,
    Encabezado: Object.fromEntries(encabezado),
    Respuestas: respuestas,
    Observaciones: draft.observaciones.filter((obs) => obs.Estado === 1 && !isEmptyExtra(obs)).map(withoutEstado),
    Firmas: draft.firmas,
    IniciadaEn: draft.iniciadaEn,
    FinalizadaEn: finishedAt,
  };
}

/** What still stops the draft from being finished, in Spanish and with its place; empty when it can be finished. */
export function draftProblems(draft: InspectionDraft): InspectionProblem[] {
  return inspectionProblems(candidateOf(draft), draft.formulario.Contenido);
}

const general = (message: string): InspectionProblem => ({ target: { kind: 'general' }, message });

/** What the draft writes when it is finished, or what stops it. */
function finishPlan(draft: InspectionDraft, finisher: Finisher, device: FinishDevice): FinishPlan<'borradores', InspectionProblem> {
  const problems = draftProblems(draft);
  if (problems.length > 0) return { ok: false, problems };
  const parsed = v.safeParse(InspeccionCreateBodySchema, candidateOf(draft));
  if (!parsed.success) return { ok: false, problems: [...new Set(parsed.issues.map((issue) => issue.message))].map(general) };
  const body = parsed.output;
  // The records as the server will store them (its receipt time and its day's lights aside).
  const { inspeccion, observaciones: observations } = inspectionRecord(body, {
    IdEmpresa: draft.IdEmpresa,
    template: draft.formulario,
    IdSupervisor: draft.IdUsuario,
    Emisor: finisher.userName,
    CreadoEn: body.FinalizadaEn,
  });
  return {
    ok: true,
    finish: {
      write: {
        table: 'inspecciones',
        id: draft.IdEvaluacion,
        row: inspeccion,
        request: { method: 'POST', path: INSPECTIONS_PATH, body },
        parents: [
          ...[body.IdNivel2, body.IdNivel3]
            .filter((level): level is string => level !== null)
            .map((level) => ({ table: 'niveles' as const, id: level })),
          ...body.Observados.map((worker) => ({ table: 'trabajadores' as const, id: worker })),
        ],
      },
      files: filesOfInspectionDraft({
        observaciones: body.Observaciones.map((obs) => ({ ...obs, Estado: 1 as const })),
        firmas: body.Firmas,
      }),
      tables: ['observaciones'],
      apply: async (database, finished, entry) => {
        await database.observaciones.bulkPut(observations);
        // A draft reopened after a refusal (SPEC IN11): what waited on the refused finish now follows this one.
        await releaseHeldWrites(device, refusalOf(finished), entry);
        delete finished.rechazo;
      },
    },
  };
}

/**
 * SPEC IN2: validates the draft with the server's rules and, when it passes, queues ONE outbox entry with the
 * whole inspection and its files, writes the inspection and its observations on the device and locks the draft,
 * all in one transaction (the drafts kit). Calling it again while it runs, or after it finished, queues nothing more.
 */
export function finishDraft(id: string, finisher: Finisher, device: FinishDevice = requireDevice()): Promise<FinishResult> {
  return finishAnyDraft('borradores', id, (draft) => finishPlan(draft, finisher, device), general, device);
}
