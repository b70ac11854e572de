import { toWireDate } from '#sync/domain/dates.ts';
import { INCIDENTES_MESSAGES, type Incidente } from '#sync/schemas/incidentes.schema.ts';
import {
  MEDIDAS_MESSAGES,
  type MedidaAprobarBody,
  type MedidaControl,
  medidaControlEntity,
  type MedidaNueva,
  type MedidaRechazarBody,
  type MedidaRespuestaBody,
  newMeasure,
} from '#sync/schemas/medidas-control.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { logRecord } from '#server/records/record-writes.ts';
import { takeTransitionOn, type WorkflowRules } from '#server/records/workflow-transition.ts';
import { medidaControlWorkflow } from '#sync/schemas/medidas-control.workflow.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';
import { companyOnly } from './incidentes.rules.ts';
import { logMeasure } from './medidas.repo.ts';

/** A user of the company named as responsible, so their home lists the measure. */
async function checkResponsible(db: Db, company: string, userId: number | null): Promise<void> {
  if (userId === null) return;
  const user = await db
    .selectFrom('usuarios')
    .select('IdUsuario')
    .where('IdEmpresa', '=', company)
    .where('IdUsuario', '=', userId)
    .executeTakeFirst();
  if (!user) throw new HttpError(400, MEDIDAS_MESSAGES.responsibleUnknown, 'VALIDACION');
}

/**
 * The new control measures of a case write (stage 3), in the same transaction as the case (SPEC IC4). A measure
 * already stored for this case is left to its cycle (CF5: a replay adds nothing); one of another case is refused.
 * Their light starts green, or red when the deadline already passed (SPEC OV1).
 */
export async function addMeasures(
  ctx: WriteContext,
  db: Db,
  incident: Incidente,
  measures: readonly MedidaNueva[],
): Promise<MedidaControl[]> {
  const store = ctx.records.medidas_control;
  const added: MedidaControl[] = [];
  for (const measure of measures) {
    const owner = await store.companyOf(db, measure.IdMedidaControl);
    if (owner !== undefined) {
      const existing = owner === ctx.company ? (await store.load(db, ctx.company, measure.IdMedidaControl))?.row : undefined;
      if (existing?.IdEvaluacion === incident.IdEvaluacion) continue;
      throw new HttpError(409, MEDIDAS_MESSAGES.elsewhere, 'MEDIDA_AJENA');
    }
    if (incident.Estado === 2) throw new HttpError(409, INCIDENTES_MESSAGES.alreadyClosed, 'INCIDENTE_CERRADO');
    if (measure.Plazo < incident.FechaOcurrencia) throw new HttpError(400, MEDIDAS_MESSAGES.deadlineBeforeDate, 'VALIDACION');
    await checkResponsible(db, ctx.company, measure.IdResponsable);
    const row = newMeasure(incident, measure, ctx.now);
    await store.insert!(db, row, '{}');
    added.push((await logRecord(ctx, db, medidaControlEntity, row.IdMedidaControl, null)) as MedidaControl);
  }
  return added;
}

/**
 * A case that changes contractor takes its measures along (SPEC IC6): each gets the case's parties, a new version,
 * and the contractor that lost them a tombstone.
 */
export async function followCaseParties(ctx: WriteContext, db: Db, incident: Incidente, measures: readonly MedidaControl[]): Promise<void> {
  const store = ctx.records.medidas_control;
  for (const measure of measures) {
    if (measure.RutContratista === incident.RutContratista && measure.IdCliente === incident.IdCliente) continue;
    await store.update!(
      db,
      { ...measure, RutContratista: incident.RutContratista, IdCliente: incident.IdCliente, Version: measure.Version + 1 },
      '{}',
    );
    await logRecord(ctx, db, medidaControlEntity, measure.IdMedidaControl, measure);
  }
}

/**
 * The cycle of control measures (SPEC OV2, medidas-control.workflow.ts) where measures live: the kit's store, logged
 * with the case's parties as their audience. The responsible person (a contractor user on its own cases) or a company
 * user answers; a client never.
 */
const measureRules: WorkflowRules<MedidaControl> = {
  visible: canSeeParties,
  allowed: {
    responder: (_row, ctx) => {
      if (ctx.viewer.kind === 'cliente') throw new HttpError(403, MEDIDAS_MESSAGES.notResponsible, 'SIN_PERMISO');
    },
  },
  check: {
    rechazar: (_row, body: MedidaRechazarBody, ctx) => {
      if (body.Plazo < toWireDate(ctx.now)) throw new HttpError(400, MEDIDAS_MESSAGES.deadlineTooEarly, 'VALIDACION');
    },
  },
  store: {
    async load(ctx, db, id) {
      const row = (await ctx.records.medidas_control.load(db, ctx.company, id))?.row;
      return row?.Estado === 1 ? row : undefined;
    },
    async save(ctx, db, next) {
      await ctx.records.medidas_control.update!(db, next, '{}');
      await logMeasure(db, next, ctx.now);
      return next;
    },
  },
};

/** The responsible person (a contractor user on its own cases) or a company user answers: Respondida 1. */
export function respondMeasure(ctx: WriteContext, _viewer: Viewer, id: string, body: MedidaRespuestaBody) {
  return takeTransitionOn(ctx, medidaControlWorkflow, 'responder', id, body, measureRules);
}

/** Approve: Respondida 0, Aprobada 1, green: the measure is done. A stale Version is a conflict (CF4). */
export function approveMeasure(ctx: WriteContext, viewer: Viewer, body: MedidaAprobarBody) {
  companyOnly(viewer);
  return takeTransitionOn(ctx, medidaControlWorkflow, 'aprobar', body.IdMedidaControl, body, measureRules);
}

/** Reject: the reason and a new deadline from today on; yellow (red if that deadline already passed). */
export function rejectMeasure(ctx: WriteContext, viewer: Viewer, body: MedidaRechazarBody) {
  companyOnly(viewer);
  return takeTransitionOn(ctx, medidaControlWorkflow, 'rechazar', body.IdMedidaControl, body, measureRules);
}
