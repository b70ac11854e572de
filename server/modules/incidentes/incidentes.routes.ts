import { rowsForQuery } from '#server/tenancy/record-worksites.ts';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import type { PermissionAction } from '#sync/records/permissions.ts';
import { EstadoBodySchema, INCIDENTES_MESSAGES, type IncidenteCreateBody, IncidenteCreateBodySchema, incidenteEntity, type IncidenteUpdateBody, IncidenteUpdateBodySchema } from '#sync/schemas/incidentes.schema.ts';
import { IncidentesQuerySchema } from '#sync/schemas/incidentes-query.schema.ts';
import {
  MEDIDAS_MESSAGES,
  type MedidaAprobarBody,
  MedidaAprobarBodySchema,
  MedidaControlSchema,
  medidaControlEntity,
  type MedidaRechazarBody,
  MedidaRechazarBodySchema,
  type MedidaRespuestaBody,
  MedidaRespuestaBodySchema,
} from '#sync/schemas/medidas-control.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { type CommandAnswer, type CommandCheck, commandHandlers } from '#server/commands/command.ts';
import { validate, VersionQuerySchema } from '#server/http/validation.ts';
import type { WriteOutcome } from '#server/records/field-versions.ts';
import { applyOverdueToday } from '#server/records/overdue-lights.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { conflictBody } from '#server/sync/conflicts.repo.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { canSeeParties } from '#server/tenancy/viewer.ts';
import { filteredIncidents, incidentFiles } from './incidentes-query.ts';
import * as service from './incidentes.service.ts';
import { measuresOf, measuresOverdue } from './medidas.repo.ts';
import * as measures from './medidas.service.ts';

const tags = ['accidentes'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(incidenteEntity.permission);
const caseResponses = recordResponses(incidenteEntity);
/** A case's write answers the case and its measures. */
const caseWrite = {
  ...caseResponses.write,
  200: {
    description: 'accidente guardado, con sus medidas de control',
    content: { 'application/json': { schema: resolver(v.object({ statusCode: v.literal(200), message: v.string(), data: incidenteEntity.schema, medidas: v.array(MedidaControlSchema) })) } },
  },
};
const measureResponses = recordResponses(medidaControlEntity);
const BASE = '/registro-accidentes';

/** Ids in paths are only looked up (an unknown one is not found): the company is checked before anything else. */
const IdParam = v.pipe(v.string(), v.trim(), v.toLowerCase());
const CompanyPath = v.object({ company: v.string() });
const CasePath = v.object({ IdEvaluacion: IdParam, company: v.string() });
const StatePath = v.object({ IdEvaluacion: IdParam });
const MeasurePath = v.object({ IdMedidaControl: IdParam, company: v.string() });

/** `{ statusCode, message, data, medidas }`, or 409 CONFLICTO with the server's case (kept for replays, RP17). */
function answerCase(outcome: WriteOutcome<service.SavedIncident | null>, message: string): CommandAnswer {
  if (outcome.kind === 'conflict') return { status: 409, body: conflictBody(outcome.row?.incident ?? null) };
  return { status: 200, body: { statusCode: 200, message, data: outcome.row!.incident, medidas: outcome.row!.measures } };
}

const access = (action: PermissionAction): CommandCheck => ({ kind: 'access', route: incidenteEntity.permission, action });
/** A path that names the company: its parameters, then the company against the token, then the permission. */
const companyChecks = (path: v.GenericSchema, action: PermissionAction): CommandCheck[] => [
  { kind: 'param', schema: path },
  { kind: 'ownCompany' },
  access(action),
];
const caseId = (params: Record<string, unknown>) => (params as v.InferOutput<typeof CasePath>).IdEvaluacion;
const versionOf = (query: Record<string, unknown>) => (query as v.InferOutput<typeof VersionQuerySchema>).Version;

/** Closing (2) or reopening (1) a case: its path names no company, so none is checked. */
function stateCommand(target: 1 | 2, message: string) {
  return commandHandlers({
    checks: [{ kind: 'param', schema: StatePath }, access('cerrar'), { kind: 'json', schema: EstadoBodySchema }],
    run: async (call, { params, body }) => {
      const { Version } = body as v.InferOutput<typeof EstadoBodySchema>;
      return writeOutcomeAnswer(await service.setIncidentState(commandWriteContext(call), caseId(params), target, Version), message);
    },
  });
}

/** The overdue rule for control measures runs before any answer that shows their lights (SPEC OV1, IC5). */
async function measuresToday(c: Context<AppEnv>): Promise<void> {
  const { db, now } = c.get('deps');
  await applyOverdueToday(db, now(), measuresOverdue, c.get('session').company);
}

/** The spec's registro-accidentes calls: the cases, their states and the cycle of their control measures. */
export const registroRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    `${BASE}/:company`,
    describeRoute({
      tags,
      security,
      summary:
        'Casos visibles para el usuario (un contratista solo los de su RUT), del más reciente: ?desde &hasta (FechaOcurrencia) &Clasificacion &Estado=1|2 &nv2 &nv3. { statusCode, data: Incidente[] }',
      responses: caseResponses.list,
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('index'),
    validate('query', IncidentesQuerySchema),
    async (c) => {
      const { db, records } = c.get('deps');
      const session = c.get('session');
      const rows = await records.incidentes.listActive(db, session.company, session.viewer);
      const query = c.req.valid('query');
      return c.json({ statusCode: 200, data: await rowsForQuery(db, session, incidenteEntity, filteredIncidents(rows, query), query) });
    },
  )
  .get(
    `${BASE}/:IdEvaluacion/:company`,
    describeRoute({
      tags,
      security,
      summary:
        'Un caso (también eliminado, con Estado 0) con sus medidas de control y los enlaces firmados de sus archivos: { statusCode, data, medidas, Urls: { sha256: enlace } }; data null si no existe o no es visible',
      responses: caseResponses.one,
    }),
    validate('param', CasePath),
    requireOwnCompany,
    can('index'),
    async (c) => {
      const { db, records, files, now } = c.get('deps');
      const { company, viewer } = c.get('session');
      await measuresToday(c);
      const row = (await records.incidentes.load(db, company, c.req.valid('param').IdEvaluacion))?.row;
      if (!row || !canSeeParties(viewer, row)) return c.json({ statusCode: 200, data: null });
      const medidas = await measuresOf(db, company, row.IdEvaluacion);
      const Urls = files.signedUrls(incidentFiles(row, medidas), now());
      return c.json({ statusCode: 200, data: row, medidas, Urls });
    },
  )
  .post(
    `${BASE}/nuevo/accidente/:company`,
    describeRoute({
      tags,
      security,
      summary:
        'Reporta un caso, completo y de una vez (SPEC IC1): etapa 1 como mínimo, y las etapas 2 y 3 si ya se tienen, con sus archivos (subidos antes: 409 ARCHIVO_PENDIENTE si falta uno) y medidas de control. 400 con el mensaje y nada escrito; 409 CONFLICTO si el id ya existe. { statusCode, message, data, medidas }',
      responses: caseWrite,
    }),
    ...commandHandlers({
      checks: [...companyChecks(CompanyPath, 'crear'), { kind: 'json', schema: IncidenteCreateBodySchema }],
      run: async (call, { body }) =>
        answerCase(await service.createIncident(commandWriteContext(call), body as IncidenteCreateBody), INCIDENTES_MESSAGES.created),
    }),
  )
  .put(
    `${BASE}/:IdEvaluacion/:company`,
    describeRoute({
      tags,
      security,
      summary:
        'Completa o corrige un caso (etapas 2 y 3): la Version de partida y solo los campos cambiados (fusión por campo; 409 CONFLICTO con la fila actual); evidencias, declaraciones e investigadores se agregan por su id; MedidasControl agrega medidas nuevas. 409 si el caso está cerrado',
      responses: caseWrite,
    }),
    ...commandHandlers({
      checks: [...companyChecks(CasePath, 'editar'), { kind: 'json', schema: IncidenteUpdateBodySchema }],
      run: async (call, { params, body }) => {
        const outcome = await service.updateIncident(commandWriteContext(call), caseId(params), body as IncidenteUpdateBody);
        return answerCase(outcome, INCIDENTES_MESSAGES.updated);
      },
    }),
  )
  .delete(
    `${BASE}/:IdEvaluacion/:company`,
    describeRoute({
      tags,
      security,
      summary: 'Elimina un caso y sus medidas (Estado 0, lápidas en los cambios). ?Version=n detecta un borrado sobre datos viejos; eliminar de nuevo responde 200',
      responses: caseResponses.write,
    }),
    ...commandHandlers({
      checks: [...companyChecks(CasePath, 'eliminar'), { kind: 'query', schema: VersionQuerySchema }],
      run: async (call, { params, query }) => {
        const outcome = await service.deleteIncident(commandWriteContext(call), caseId(params), versionOf(query));
        return writeOutcomeAnswer(outcome, INCIDENTES_MESSAGES.deleted);
      },
    }),
  )
  .post(
    `${BASE}/cerrar/registro/:IdEvaluacion`,
    describeRoute({
      tags,
      security,
      summary: 'Cierra un caso (Estado 2) si todas sus medidas de control están aprobadas; si no, 409 MEDIDAS_SIN_APROBAR. Version: la que vio la persona (409 CONFLICTO si quedó atrás)',
      responses: caseResponses.write,
    }),
    ...stateCommand(2, INCIDENTES_MESSAGES.closed),
  )
  .post(
    `${BASE}/abrir/registro/:IdEvaluacion`,
    describeRoute({ tags, security, summary: 'Reabre un caso cerrado (Estado 1). Version: la que vio la persona (409 CONFLICTO si quedó atrás)', responses: caseResponses.write }),
    ...stateCommand(1, INCIDENTES_MESSAGES.opened),
  )
  .post(
    `${BASE}/aprobar/medida/control`,
    describeRoute({
      tags,
      security,
      summary: 'Aprueba una medida de control respondida (Respondida 0, Aprobada 1, Semaforo 1); solo usuarios de la empresa. 409 SIN_RESPUESTA si no tiene respuesta, 409 CONFLICTO si Version quedó atrás',
      responses: measureResponses.write,
    }),
    ...commandHandlers({
      checks: [access('aprobar'), { kind: 'json', schema: MedidaAprobarBodySchema }],
      run: async (call, { body }) => {
        const outcome = await measures.approveMeasure(commandWriteContext(call), call.session.viewer, body as MedidaAprobarBody);
        return writeOutcomeAnswer(outcome, MEDIDAS_MESSAGES.approved);
      },
    }),
  )
  .post(
    `${BASE}/desaprobar/medida/control`,
    describeRoute({
      tags,
      security,
      summary: 'Rechaza una medida de control respondida con el motivo y un nuevo Plazo (no anterior a hoy): Respondida 0, Semaforo 2 (3 si ya venció); solo usuarios de la empresa',
      responses: measureResponses.write,
    }),
    ...commandHandlers({
      checks: [access('aprobar'), { kind: 'json', schema: MedidaRechazarBodySchema }],
      run: async (call, { body }) => {
        const outcome = await measures.rejectMeasure(commandWriteContext(call), call.session.viewer, body as MedidaRechazarBody);
        return writeOutcomeAnswer(outcome, MEDIDAS_MESSAGES.rejected);
      },
    }),
  )
  .post(
    `${BASE}/:IdMedidaControl/:company`,
    describeRoute({
      tags,
      security,
      summary:
        'Responde una medida de control (Respondida 1): el contratista del caso o un usuario de la empresa, con archivos { Sha256, Tipo } subidos antes. La misma IdRespuesta otra vez no cambia nada',
      responses: measureResponses.write,
    }),
    ...commandHandlers({
      checks: [...companyChecks(MeasurePath, 'editar'), { kind: 'json', schema: MedidaRespuestaBodySchema }],
      run: async (call, { params, body }) => {
        const id = (params as v.InferOutput<typeof MeasurePath>).IdMedidaControl;
        const outcome = await measures.respondMeasure(commandWriteContext(call), call.session.viewer, id, body as MedidaRespuestaBody);
        return writeOutcomeAnswer(outcome, MEDIDAS_MESSAGES.responseCreated);
      },
    }),
  )
  .get(
    '/medidas-control/:company',
    describeRoute({ tags, security, summary: 'Medidas de control vivas visibles para el usuario (lo que un dispositivo descarga de nuevo, SPEC PL5): { statusCode, data }', responses: measureResponses.list }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('index'),
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      await measuresToday(c);
      return c.json({ statusCode: 200, data: await records.medidas_control.listActive(db, company, viewer) });
    },
  )
  .get(
    '/medidas-control/:IdMedidaControl/:company',
    describeRoute({ tags, security, summary: 'Una medida de control: { statusCode, data }, data null si no existe o no es visible', responses: measureResponses.one }),
    validate('param', MeasurePath),
    requireOwnCompany,
    can('index'),
    async (c) => {
      const { db, records } = c.get('deps');
      const { company, viewer } = c.get('session');
      await measuresToday(c);
      const row = (await records.medidas_control.load(db, company, c.req.valid('param').IdMedidaControl))?.row;
      return c.json({ statusCode: 200, data: row && canSeeParties(viewer, row) ? row : null });
    },
  );
