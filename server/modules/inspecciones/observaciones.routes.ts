import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import { ObservacionApprovedAnswer, ObservacionRejectedAnswer } from '#sync/schemas/inspecciones-answers.schema.ts';
import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import { AprobarBodySchema, DesaprobarBodySchema, observacionEntity, RespuestaCreateBodySchema, type Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { PermissionAction } from '#sync/records/permissions.ts';
import type { AppEnv } from '#server/app-env.ts';
import { type CommandAnswer, type CommandCall, type CommandCheck, commandHandlers } from '#server/commands/command.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { validate, VersionQuerySchema } from '#server/http/validation.ts';
import { readAccess } from '#server/records/read-access.ts';
import { viewerOf } from '#server/tenancy/viewer.ts';
import { conflictBody } from '#server/sync/conflicts.repo.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import * as repo from './inspecciones.repo.ts';
import { answerFollowUpList, InspectionListQuery } from './inspecciones-query.ts';
import * as service from './observaciones.service.ts';

const tags = ['observaciones'];
const security = [{ bearerAuth: [] }];
const responses = recordResponses(observacionEntity);

const ObservationPath = v.object({ IdObservacion: RecordIdSchema });

/** A review's answer: the observation, and the lights of its inspection's observations (spec: semaforos). */
async function reviewAnswer(call: CommandCall, outcome: WriteOutcome<Observacion>, message: string) {
  if (outcome.kind === 'conflict') return { conflict: { status: 409, body: conflictBody(outcome.row) } satisfies CommandAnswer };
  const semaforos = await service.lightsOf(call.deps.db, call.session.company, outcome.row.IdEvaluacion);
  return { answer: { statusCode: 200 as const, message, data: outcome.row, semaforos } };
}

/** The checks of a write on one observation: its id, the permission's action, then the body or query. */
function observationChecks(action: PermissionAction, last: CommandCheck): CommandCheck[] {
  return [{ kind: 'param', schema: ObservationPath }, { kind: 'access', route: observacionEntity.permission, action }, last];
}

const idOf = (params: Record<string, unknown>) => (params as v.InferOutput<typeof ObservationPath>).IdObservacion;

/**
 * The observation cycle under /observaciones-inspecciones (SPEC OV2, OV3). Mounted before the inspection routes:
 * `/observaciones` must not be read as an inspection id.
 */
export const observacionesRoutes = new Hono<AppEnv>()
  .get(
    '/observaciones',
    describeRoute({
      tags,
      security,
      summary:
        'Observaciones activas visibles para el usuario (un contratista solo las de su RUT, un cliente solo las de su IdCliente): ?tipoEval &IdFormulario &desde &hasta &nv2 &nv3 &RutContratista &semaforo=1|2|3 &estado=abierta|respondida|aprobada. Aplica antes la regla de vencimiento. { statusCode, data: Observacion[] }',
      responses: responses.list,
    }),
    readAccess(observacionEntity),
    validate('query', InspectionListQuery),
    async (c) => answerFollowUpList(c, observacionEntity, c.req.valid('query'), repo.listObservations),
  )
  .get(
    '/observaciones/:IdObservacion',
    describeRoute({
      tags,
      security,
      summary: 'Una observación activa tal como la ven las listas y los dispositivos: { statusCode, data: Observacion }; 404 si no existe o no es visible para el usuario',
      responses: responses.one,
    }),
    validate('param', ObservationPath),
    readAccess(observacionEntity),
    async (c) => {
      const row = await repo.findObservation(c.get('deps').db, c.get('session').company, c.req.valid('param').IdObservacion);
      if (!row || row.Estado !== 1 || !repo.canSee(viewerOf(c), row)) throw new HttpError(404, INSPECCIONES_MESSAGES.observationNotFound);
      return c.json({ statusCode: 200, data: repo.toWireObservacion(row) });
    },
  )
  .delete(
    '/observaciones/:IdObservacion',
    describeRoute({
      tags,
      security,
      summary: 'Elimina una observación (Estado 0, lápida en los cambios). ?Version=n detecta un borrado sobre datos viejos; eliminar de nuevo responde 200',
      responses: responses.write,
    }),
    ...commandHandlers({
      checks: observationChecks('eliminar', { kind: 'query', schema: VersionQuerySchema }),
      run: async (call, { params, query }) => {
        const { Version } = query as v.InferOutput<typeof VersionQuerySchema>;
        const outcome = await service.deleteObservation(commandWriteContext(call), call.session.viewer, idOf(params), Version);
        return writeOutcomeAnswer(outcome, INSPECCIONES_MESSAGES.observationDeleted);
      },
    }),
  )
  .post(
    '/:IdObservacion/aprobar',
    describeRoute({
      tags,
      security,
      summary:
        'Aprueba una observación respondida (Respondida 0, Aprobada 1, SemaforoObs 1); solo usuarios de la empresa. 409 SIN_RESPUESTA si no tiene respuesta, 409 CONFLICTO si Version quedó atrás. { statusCode, message, data: Observacion, semaforos: [{ IdObservacion, SemaforoObs }] }',
      responses: answers(ObservacionApprovedAnswer, 'La observación aprobada y los semáforos de su inspección'),
    }),
    ...commandHandlers({
      checks: observationChecks('aprobar', { kind: 'json', schema: AprobarBodySchema }),
      run: async (call, { params, body }) => {
        const approval = body as v.InferOutput<typeof AprobarBodySchema>;
        const outcome = await service.approveObservation(commandWriteContext(call), call.session.viewer, idOf(params), approval);
        const review = await reviewAnswer(call, outcome, INSPECCIONES_MESSAGES.approved);
        return review.conflict ?? { status: 200, body: review.answer satisfies v.InferOutput<typeof ObservacionApprovedAnswer> };
      },
    }),
  )
  .post(
    '/:IdObservacion/desaprobar',
    describeRoute({
      tags,
      security,
      summary:
        'Rechaza una observación respondida con el motivo y un nuevo Plazo (no anterior a hoy): Respondida 0, SemaforoObs 2 (3 si ya venció); solo usuarios de la empresa. { statusCode, message, data: Observacion, idR, semaforos, respuestaArchivos: [{ Sha256, Tipo, Url }] }',
      responses: answers(ObservacionRejectedAnswer, 'La observación rechazada, los semáforos de su inspección y los archivos del rechazo'),
    }),
    ...commandHandlers({
      checks: observationChecks('aprobar', { kind: 'json', schema: DesaprobarBodySchema }),
      run: async (call, input) => {
        const body = input.body as v.InferOutput<typeof DesaprobarBodySchema>;
        const outcome = await service.rejectObservation(commandWriteContext(call), call.session.viewer, idOf(input.params), body);
        const review = await reviewAnswer(call, outcome, INSPECCIONES_MESSAGES.rejected);
        if (review.conflict) return review.conflict;
        const { files, now } = call.deps;
        const respuestaArchivos = body.Archivos.map((file) => ({ ...file, Url: files.signedUrl(file.Sha256, now()) }));
        const rejected = { ...review.answer, idR: body.IdRespuesta, respuestaArchivos };
        return { status: 200, body: rejected satisfies v.InferOutput<typeof ObservacionRejectedAnswer> };
      },
    }),
  )
  .post(
    '/:IdObservacion',
    describeRoute({
      tags,
      security,
      summary:
        'Responde una observación (Respondida 1): el contratista responsable de la observación o un usuario de la empresa. Archivos por { Sha256, Tipo }, subidos antes (409 ARCHIVO_PENDIENTE si falta uno). La misma IdRespuesta otra vez no cambia nada',
      responses: responses.write,
    }),
    ...commandHandlers({
      checks: observationChecks('editar', { kind: 'json', schema: RespuestaCreateBodySchema }),
      run: async (call, { params, body }) => {
        const response = body as v.InferOutput<typeof RespuestaCreateBodySchema>;
        const outcome = await service.respondObservation(commandWriteContext(call), call.session.viewer, idOf(params), response);
        return writeOutcomeAnswer(outcome, INSPECCIONES_MESSAGES.responseCreated);
      },
    }),
  );
