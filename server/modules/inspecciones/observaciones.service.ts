import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import type { Semaforo } from '#sync/domain/traffic-light.ts';
import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import {
  type AprobarBody,
  type DesaprobarBody,
  type Observacion,
  type RespuestaCreateBody,
} from '#sync/schemas/observaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { answerStep, type ReviewCycle, reviewStep } from '#server/records/review-cycle.ts';
import { observacionWorkflow } from '#sync/schemas/observaciones.workflow.ts';
import { logObservation, OBSERVATIONS_TABLE } from './inspecciones-change-log.ts';
import * as repo from './inspecciones.repo.ts';

const notFound = () => new HttpError(404, INSPECCIONES_MESSAGES.observationNotFound);

/** An active observation the viewer may see; deleted ones and other parties' are simply not found. */
async function visibleObservation(db: Db, ctx: WriteContext, viewer: Viewer, id: string) {
  const row = await repo.findObservation(db, ctx.company, id);
  if (!row || row.Estado !== 1 || !repo.canSee(viewer, row)) throw notFound();
  return row;
}

async function conflict(ctx: WriteContext, db: Db, current: Observacion, base: number, body: unknown): Promise<WriteOutcome<Observacion>> {
  await recordConflict(
    db,
    {
      company: ctx.company,
      table: OBSERVATIONS_TABLE,
      id: current.IdObservacion,
      baseVersion: base,
      serverVersion: current.Version,
      body,
      user: ctx.user,
      key: ctx.key,
    },
    ctx.now,
  );
  return { kind: 'conflict', row: current };
}

/** The observation cycle (SPEC OV2) on the shared review cycle: where observations live and how they are named. */
function cycleFor(viewer: Viewer): ReviewCycle<Observacion> {
  return {
    workflow: observacionWorkflow,
    load: async (ctx, db, id) => repo.toWireObservacion(await visibleObservation(db, ctx, viewer, id)),
    async save(ctx, db, next) {
      await repo.updateObservation(db, ctx.company, next.IdObservacion, {
        Respondida: next.Respondida,
        Aprobada: next.Aprobada,
        SemaforoObs: next.SemaforoObs,
        Plazo: next.Plazo,
        Respuestas: JSON.stringify(next.Respuestas),
        Version: next.Version,
      });
      await logObservation(db, next, ctx.now);
    },
  };
}

/**
 * SPEC OV2, answer: the responsible person (a contractor user on its own observations) or a company user appends a
 * response and `Respondida` becomes 1. Responses are append-only children (CF5): no Version, never a conflict, and
 * the same IdRespuesta again changes nothing.
 */
export function respondObservation(
  ctx: WriteContext,
  viewer: Viewer,
  id: string,
  body: RespuestaCreateBody,
): Promise<WriteOutcome<Observacion>> {
  return answerStep(cycleFor(viewer), ctx, id, body, () => {
    if (viewer.kind === 'cliente') throw new HttpError(403, INSPECCIONES_MESSAGES.notResponsible, 'SIN_PERMISO');
  });
}

/** Approving and rejecting are the company's decision (SPEC OV2). */
function companyOnly(viewer: Viewer): void {
  if (viewer.kind !== 'empresa') throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
}

/** SPEC OV2, approve: Respondida 0, Aprobada 1, SemaforoObs 1 (closed). */
export function approveObservation(ctx: WriteContext, viewer: Viewer, id: string, body: AprobarBody): Promise<WriteOutcome<Observacion>> {
  companyOnly(viewer);
  return reviewStep(cycleFor(viewer), ctx, id, 'aprobar', body);
}

/** SPEC OV2, reject: the reason and a new Plazo (not before today), Respondida 0, SemaforoObs 2 (3 if already past). */
export function rejectObservation(ctx: WriteContext, viewer: Viewer, id: string, body: DesaprobarBody): Promise<WriteOutcome<Observacion>> {
  companyOnly(viewer);
  return reviewStep(cycleFor(viewer), ctx, id, 'rechazar', body, () => {
    if (body.Plazo < toWireDate(ctx.now)) throw new HttpError(400, INSPECCIONES_MESSAGES.newDeadlineTooEarly, 'VALIDACION');
  });
}

/** SPEC OV3 for one observation: Estado 0 and a tombstone. Deleting it again succeeds (CF5); a stale Version is a conflict. */
export function deleteObservation(
  ctx: WriteContext,
  viewer: Viewer,
  id: string,
  base: number | undefined,
): Promise<WriteOutcome<Observacion>> {
  return inWriteTransaction(ctx.db, async (db) => {
    const row = await repo.findObservation(db, ctx.company, id);
    if (!row || !repo.canSee(viewer, row)) throw notFound();
    const current = repo.toWireObservacion(row);
    if (current.Estado === 0) return { kind: 'unchanged', row: current };
    if (base !== undefined && base !== current.Version) return conflict(ctx, db, current, base, { Estado: 0, Version: base });
    const deleted: Observacion = { ...current, Estado: 0, Version: current.Version + 1 };
    await repo.updateObservation(db, ctx.company, id, { Estado: 0, Version: deleted.Version });
    await logObservation(db, deleted, ctx.now, 'delete');
    return { kind: 'written', row: deleted };
  });
}

/** The lights of the inspection's active observations after a review, so a screen can repaint them all (spec: semaforos). */
export async function lightsOf(db: Db, company: string, idEvaluacion: string): Promise<{ IdObservacion: string; SemaforoObs: Semaforo }[]> {
  return (await repo.observationsOf(db, company, idEvaluacion)).map((row) => ({
    IdObservacion: row.IdObservacion,
    SemaforoObs: row.SemaforoObs as Semaforo,
  }));
}
