import { computeCompliance } from '#sync/domain/compliance.ts';
import { type InspectionCandidate, type InspectionProblem, inspectionProblems } from '#sync/domain/inspection-rules.ts';
import { cleanRut } from '#sync/domain/rut.ts';
import { statementsOf } from '#sync/schemas/formularios.schema.ts';
import { type Inspeccion, type InspeccionCreateBody, InspeccionCreateBodySchema, type ObservacionNueva } from '#sync/schemas/inspecciones.schema.ts';
import { type Observacion } from '#sync/schemas/observaciones.schema.ts';
import * as v from 'valibot';
import type { DraftObservation, InspectionDraft } from '#app/db/inspection-rows.ts';
import { type LocalFile, localWrite } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { refusalOf, releaseHeldWrites, withoutRefusal } from './draft-reopen.ts';
import { DRAFT_MESSAGES, DraftError, filesOfDraft } from './draft-store.ts';

/** SPEC IN2: the one write that carries a whole finished inspection. */
export const INSPECTIONS_PATH = '/api/inspecciones/observaciones-inspecciones';

export const FINISH_MESSAGES = {
  fileMissing: 'Falta en este dispositivo una foto o firma de la inspección: vuelve a tomarla o quítala',
  changedMeanwhile: 'La inspección cambió mientras se finalizaba: vuelve a intentarlo',
} as const;

type FinishDevice = NonNullable<Parameters<typeof localWrite>[1]>;

/** Who finishes: the observations name them as their issuer (EmisorObs). */
export interface Finisher {
  userName: string;
}

export type FinishResult = { ok: true; id: string; alreadyFinished: boolean } | { ok: false; problems: InspectionProblem[] };

/** A general observation or gap the person added and left empty is not part of the inspection. */
function isEmptyExtra(observation: DraftObservation): boolean {
  return observation.TipoObs !== 'Checklist' && observation.Observacion.trim() === '' && observation.Archivos.length === 0;
}

function withoutEstado({ Estado: _estado, ...observation }: DraftObservation): ObservacionNueva {
  return observation;
}

/** The body the draft would send now, before the schema parses it (the rules check this shape). */
export function candidateOf(draft: InspectionDraft, finishedAt = new Date().toISOString()): InspectionCandidate & Omit<InspeccionCreateBody, keyof InspectionCandidate> {
  const content = draft.formulario.Contenido;
  const respuestas = statementsOf(content).flatMap((statement) => {
    const answer = draft.respuestas[statement.IdEnunciado];
    if (!answer) return [];
    const written = statement.Subpreguntas.map((sub) => [sub.IdSubpregunta, (answer.Subrespuestas[sub.IdSubpregunta] ?? '').trim()] as const).filter(([, text]) => text !== '');
    return [{ IdEnunciado: statement.IdEnunciado, Respuesta: answer.Respuesta, Subrespuestas: Object.fromEntries(written) }];
  });
  const encabezado = content.CamposEncabezado.map((campo) => [campo.IdCampo, (draft.Encabezado[campo.IdCampo] ?? '').trim()] as const).filter(([, text]) => text !== '');
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

class FinishRace extends Error {
  constructor(readonly finished: boolean) {
    super(finished ? DRAFT_MESSAGES.finished : FINISH_MESSAGES.changedMeanwhile);
  }
}

const general = (message: string): InspectionProblem => ({ target: { kind: 'general' }, message });

async function finishOnce(id: string, finisher: Finisher, device: FinishDevice): Promise<FinishResult> {
  const { db } = device;
  const draft = await db.borradores.get(id);
  if (!draft) throw new DraftError(DRAFT_MESSAGES.notFound);
  if (draft.estado === 'finalizada') return { ok: true, id, alreadyFinished: true };

  const problems = draftProblems(draft);
  if (problems.length > 0) return { ok: false, problems };
  const parsed = v.safeParse(InspeccionCreateBodySchema, candidateOf(draft));
  if (!parsed.success) return { ok: false, problems: [...new Set(parsed.issues.map((issue) => issue.message))].map(general) };
  const body = parsed.output;

  const refs = new Map(filesOfDraft({ observaciones: body.Observaciones.map((obs) => ({ ...obs, Estado: 1 as const })), firmas: body.Firmas }).map((ref) => [ref.Sha256, ref]));
  const stored = await db.archivosDispositivo.bulkGet([...refs.keys()]);
  if (stored.some((file) => !file)) return { ok: false, problems: [general(FINISH_MESSAGES.fileMissing)] };
  const files: LocalFile[] = stored.map((file) => ({ sha256: file!.sha256, type: file!.type, bytes: file!.bytes }));

  const observations = observationRows(draft, body, finisher);
  try {
    await localWrite(
      {
        table: 'inspecciones',
        id,
        row: inspectionRow(draft, body),
        request: { method: 'POST', path: INSPECTIONS_PATH, body },
        parents: [
          ...[body.IdNivel2, body.IdNivel3].filter((level): level is string => level !== null).map((level) => ({ table: 'niveles' as const, id: level })),
          ...body.Observados.map((worker) => ({ table: 'trabajadores' as const, id: worker })),
        ],
        files,
        also: {
          tables: ['observaciones', 'borradores'],
          // Checked inside the write's transaction: a second finish (double tap, another tab) or a change made
          // since the body was read aborts the whole transaction, so exactly one entry is ever queued (SPEC IN2).
          apply: async (database, entry) => {
            const current = await database.borradores.get(id);
            if (!current || current.estado !== 'abierta') throw new FinishRace(true);
            if (current.actualizadoEn !== draft.actualizadoEn) throw new FinishRace(false);
            await database.observaciones.bulkPut(observations);
            await database.borradores.put({ ...withoutRefusal(current), estado: 'finalizada', actualizadoEn: Date.now() });
            // A draft reopened after a refusal (SPEC IN11): what waited on the refused finish now follows this one.
            await releaseHeldWrites(device, refusalOf(current), entry);
          },
        },
      },
      device,
    );
  } catch (error) {
    if (error instanceof FinishRace && error.finished) return { ok: true, id, alreadyFinished: true };
    throw error;
  }
  return { ok: true, id, alreadyFinished: false };
}

/** Finishes running in this tab, per database; another tab is stopped by the check inside the transaction. */
const inFlight = new WeakMap<object, Map<string, Promise<FinishResult>>>();

/**
 * SPEC IN2: validates the draft with the server's rules and, when it passes, queues ONE outbox entry with the
 * whole inspection and its files, writes the inspection and its observations on the device and locks the draft,
 * all in one transaction. Calling it again while it runs, or after it finished, queues nothing more.
 */
export function finishDraft(id: string, finisher: Finisher, device: FinishDevice = requireDevice()): Promise<FinishResult> {
  const ofDb = inFlight.get(device.db) ?? new Map<string, Promise<FinishResult>>();
  inFlight.set(device.db, ofDb);
  const running = ofDb.get(id);
  if (running) return running.then((result) => (result.ok ? { ...result, alreadyFinished: true } : result));
  const run = (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await finishOnce(id, finisher, device);
      } catch (error) {
        // The draft changed between reading it and the write (an answer still being saved): read it again.
        if (error instanceof FinishRace && attempt < 2) continue;
        if (error instanceof FinishRace) return { ok: false as const, problems: [general(error.message)] };
        throw error;
      }
    }
  })().finally(() => ofDb.delete(id));
  ofDb.set(id, run);
  return run;
}
