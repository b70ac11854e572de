import { computeCompliance } from '#sync/domain/compliance.ts';
import { type InspectionCandidate, type InspectionProblem, inspectionProblems } from '#sync/domain/inspection-rules.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import {
  type Inspeccion,
  type InspeccionCreateBody,
  InspeccionCreateBodySchema,
  type ObservacionNueva,
} from '#sync/schemas/inspecciones.schema.ts';
import { type Observacion } from '#sync/schemas/observaciones.schema.ts';
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

function inspectionRow(draft: InspectionDraft, body: InspeccionCreateBody): Inspeccion {
  const compliance = computeCompliance(draft.formulario.Contenido, body.Respuestas);
  return {
    IdEvaluacion: body.IdEvaluacion,
    IdEmpresa: draft.IdEmpresa,
    IdFormulario: body.IdFormulario,
    VersionFormulario: body.VersionFormulario,
    NombreFormulario: draft.formulario.Nombre,
    Tipo: draft.formulario.Tipo,
    Fecha: body.Fecha,
    Lugar: body.Lugar,
    IdNivel2: body.IdNivel2,
    IdNivel3: body.IdNivel3,
    IdSupervisor: draft.IdUsuario,
    Supervisor: body.Supervisor,
    Observados: body.Observados,
    EquipoTrabajo: body.EquipoTrabajo,
    RutContratista: body.RutContratista,
    IdCliente: body.IdCliente,
    Encabezado: body.Encabezado,
    Respuestas: body.Respuestas,
    Firmas: body.Firmas,
    Porcentaje: compliance.Porcentaje,
    Nota: compliance.Nota,
    Estado: 1,
    IniciadaEn: body.IniciadaEn,
    FinalizadaEn: body.FinalizadaEn,
    Version: 1,
  };
}

function observationRows(draft: InspectionDraft, body: InspeccionCreateBody, finisher: Finisher): Observacion[] {
  const texts = new Map(statementsOf(draft.formulario.Contenido).map((statement) => [statement.IdEnunciado, statement.Texto]));
  return body.Observaciones.map((observation) => ({
    IdObservacion: observation.IdObservacion,
    IdEvaluacion: body.IdEvaluacion,
    IdEmpresa: draft.IdEmpresa,
    IdFormulario: body.IdFormulario,
    TipoObs: observation.TipoObs,
    IdEnunciado: observation.IdEnunciado,
    Enunciado: observation.IdEnunciado ? (texts.get(observation.IdEnunciado) ?? null) : null,
    Observacion: observation.Observacion,
    Responsable: observation.Responsable,
    IdResponsable: observation.IdResponsable,
    Plazo: observation.Plazo,
    SemaforoObs: observation.SemaforoObs,
    Severidad: observation.Severidad,
    Respondida: 0,
    Aprobada: 0,
    Estado: 1,
    EmisorObs: finisher.userName,
    Archivos: observation.Archivos,
    Respuestas: [],
    Fecha: body.Fecha,
    IdNivel2: body.IdNivel2,
    IdNivel3: body.IdNivel3,
    RutContratista: body.RutContratista,
    IdCliente: body.IdCliente,
    CreadoEn: body.FinalizadaEn,
    Version: 1,
  }));
}

const general = (message: string): InspectionProblem => ({ target: { kind: 'general' }, message });

/** What the draft writes when it is finished, or what stops it. */
function finishPlan(draft: InspectionDraft, finisher: Finisher, device: FinishDevice): FinishPlan<'borradores', InspectionProblem> {
  const problems = draftProblems(draft);
  if (problems.length > 0) return { ok: false, problems };
  const parsed = v.safeParse(InspeccionCreateBodySchema, candidateOf(draft));
  if (!parsed.success) return { ok: false, problems: [...new Set(parsed.issues.map((issue) => issue.message))].map(general) };
  const body = parsed.output;
  const observations = observationRows(draft, body, finisher);
  return {
    ok: true,
    finish: {
      write: {
        table: 'inspecciones',
        id: draft.IdEvaluacion,
        row: inspectionRow(draft, body),
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
