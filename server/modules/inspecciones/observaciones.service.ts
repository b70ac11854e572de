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
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { takeTransitionOn, type WorkflowRules } from '#server/records/workflow-transition.ts';
import { observacionWorkflow } from '#sync/schemas/observaciones.workflow.ts';
import { logObservation, OBSERVATIONS_TABLE } from './inspecciones-change-log.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import * as repo from './inspecciones.repo.ts';

const notFound = () => new HttpError(404, INSPECCIONES_MESSAGES.observationNotFound);

/**
 * The observation cycle (SPEC OV2, observaciones.workflow.ts) where observations live: their own table and change
 * log. The responsible person (a contractor user on its own observations) or a company user answers; a client never.
 */
const observationRules: WorkflowRules<Observacion> = {
  visible: (viewer, row) => repo.canSee(viewer, row),
  allowed: {
    responder: (_row, ctx) => {
      if (ctx.viewer.kind === 'cliente') throw new HttpError(403, INSPECCIONES_MESSAGES.notResponsible, 'SIN_PERMISO');
    },
  },
  check: {
    rechazar: (_row, body: DesaprobarBody, ctx) => {
      if (body.Plazo < toWireDate(ctx.now)) throw new HttpError(400, INSPECCIONES_MESSAGES.newDeadlineTooEarly, 'VALIDACION');
    },
  },
  store: {
    async load(ctx, db, id) {
      const row = await repo.findObservation(db, ctx.company, id);
      return row && row.Estado === 1 ? repo.toWireObservacion(row) : undefined;
    },
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
      return next;
    },
  },
};

/** SPEC OV2, answer: `Respondida` 1. Responses are append-only children (CF5): the same IdRespuesta again changes nothing. */
export function respondObservation(ctx: WriteContext, _viewer: Viewer, id: string, body: RespuestaCreateBody) {
  return takeTransitionOn(ctx, observacionWorkflow, 'responder', id, body, observationRules);
}

/** Approving and rejecting are the company's decision (SPEC OV2). */
function companyOnly(viewer: Viewer): void {
  if (viewer.kind !== 'empresa') throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
}

/** SPEC OV2, approve: Respondida 0, Aprobada 1, SemaforoObs 1 (closed). A stale Version is a conflict (CF4). */
export function approveObservation(ctx: WriteContext, viewer: Viewer, id: string, body: AprobarBody) {
  companyOnly(viewer);
  return takeTransitionOn(ctx, observacionWorkflow, 'aprobar', id, body, observationRules);
}

/** SPEC OV2, reject: the reason and a new Plazo (not before today), Respondida 0, SemaforoObs 2 (3 if already past). */
export function rejectObservation(ctx: WriteContext, viewer: Viewer, id: string, body: DesaprobarBody) {
  companyOnly(viewer);
  return takeTransitionOn(ctx, observacionWorkflow, 'rechazar', id, body, observationRules);
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
    if (base !== undefined && base !== current.Version) {
      const conflict = { company: ctx.company, table: OBSERVATIONS_TABLE, id, baseVersion: base, serverVersion: current.Version };
      await recordConflict(db, { ...conflict, body: { Estado: 0, Version: base }, user: ctx.user, key: ctx.key }, ctx.now);
      return { kind: 'conflict', row: current };
    }
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
