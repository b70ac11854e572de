import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type * as v from 'valibot';
import {
  AsignacionEntregaAnswerSchema,
  AsignacionEntregaBodySchema,
  AsignacionInformeAnswerSchema,
  AsignacionEntregaPathSchema,
  AsignacionInformeBodySchema,
  AsignacionInformePathSchema,
  EPP_ASIGNACION_ENTREGAS_MESSAGES as M,
} from '#sync/schemas/epp-asignacion-entregas.schema.ts';
import { eppAsignacionEntity } from '#sync/schemas/epp-asignaciones.schema.ts';
import { eppEntregaEntity } from '#sync/schemas/epp-entregas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { commandHandlers } from '#server/commands/command.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { assignmentReport, covers, expiredInWindow, liveAssignment } from './asignacion-entregas.query.ts';
import { createDelivery } from './epp-entregas.service.ts';

const tags = ['epp_asignaciones'];
const security = [{ bearerAuth: [] }];
const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/**
 * Delivering from an assignment and its report (spec "Assignment": POST asignacion/entregados/{id}/{from}/{to} with
 * Epps; POST asignacion/informe/{type} with Ids). The delivery is the module's one delivery path (createDelivery):
 * one worker's sealed acta, checked against the assignment first.
 */
export const eppAsignacionEntregasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .post(
    '/asignacion/entregados/:IdAsignacionEpp/:from/:to',
    describeRoute({
      tags,
      security,
      summary:
        'Entrega lo que exige una asignación, vencido entre {from} y {to} (AAAA-MM-DD): { Epps: IdEpp[] de la asignación, Acta: el acta sellada de UN ' +
          'trabajador que la asignación cubre, como POST entregados, con líneas solo de esos EPP }. Responde { statusCode, message, data: el acta, ' +
          'Vencidos: lo que sigue vencido en ese rango de lo que exige la asignación a sus trabajadores }. 404 si la asignación no existe.',
      responses: { ...recordResponses(eppEntregaEntity).write, ...answers(AsignacionEntregaAnswerSchema, 'El acta guardada y lo que sigue vencido') },
    }),
    ...commandHandlers({
      checks: [
        { kind: 'access', route: eppEntregaEntity.permission, action: 'crear' },
        { kind: 'param', schema: AsignacionEntregaPathSchema },
        { kind: 'json', schema: AsignacionEntregaBodySchema },
      ],
      run: async (call, { params, body }) => {
        const ctx = commandWriteContext(call);
        const scope = { db: ctx.db, records: ctx.records, company: ctx.company, viewer: ctx.viewer };
        const assignment = await liveAssignment(scope, params.IdAsignacionEpp);
        if (!assignment) throw new HttpError(404, M.notFound);
        if (body.Epps.some((id) => !assignment.Epps.includes(id))) throw invalid(M.eppNotAssigned);
        if (body.Acta.Items.some((item) => !body.Epps.includes(item.IdEpp))) throw invalid(M.itemNotChosen);
        const worker = (await ctx.records.trabajadores.load(ctx.db, ctx.company, body.Acta.IdPersona))?.row;
        // An unknown worker is the delivery's own refusal (createDelivery); a known one must be the assignment's.
        if (worker && !covers(assignment, worker)) throw invalid(M.workerNotAssigned);
        const outcome = await createDelivery(ctx, body.Acta);
        const answer = writeOutcomeAnswer(outcome, M.delivered);
        if (outcome.kind === 'conflict') return answer;
        const Vencidos = await expiredInWindow(scope, assignment, params.from, params.to);
        return { status: answer.status, body: { ...(answer.body as object), Vencidos } };
      },
    }),
  )
  .post(
    '/asignacion/informe/:type',
    describeRoute({
      tags,
      security,
      summary:
        'Informe de asignaciones de EPP ({type}: pdf o csv, que el dispositivo dibuja o exporta con las mismas columnas): { Ids: IdAsignacionEpp[] }. ' +
          'Responde { statusCode, Tipo, data: [{ IdAsignacionEpp, Asignacion, Nombre, RunPersona, Trabajadores, IdEpp, NombreEpp, VidaUtilMeses }] }, ' +
          'una línea por asignación y EPP, en el orden pedido. 404 si una asignación no existe en la empresa.',
      responses: answers(AsignacionInformeAnswerSchema, 'Las líneas del informe'),
    }),
    ...commandHandlers({
      checks: [
        { kind: 'access', route: eppAsignacionEntity.permission, action: 'index' },
        { kind: 'param', schema: AsignacionInformePathSchema },
        { kind: 'json', schema: AsignacionInformeBodySchema },
      ],
      run: async ({ deps, session }, { params, body }) => {
        const scope = { db: deps.db, records: deps.records, company: session.company, viewer: session.viewer };
        const data = await assignmentReport(scope, body.Ids);
        if (!data) throw new HttpError(404, M.notFound);
        const answer = { statusCode: 200 as const, Tipo: params.type, data };
        return { status: 200, body: answer satisfies v.InferOutput<typeof AsignacionInformeAnswerSchema> };
      },
    }),
  );
