import { DeviceScopeQueryEntries } from '#sync/records/worksites.ts';
import { rowsForQuery } from '#server/tenancy/record-worksites.ts';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import {
  EPP_ENTREGAS_MESSAGES,
  type EppEntregaCreateBody,
  EppEntregaCreateBodySchema,
  eppEntregaEntity,
  EppEntregaSchema,
} from '#sync/schemas/epp-entregas.schema.ts';
import { eppActaWorkflow } from '#sync/schemas/epp-entregas.workflow.ts';
import type { AppEnv } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import { rendersDocument } from '#server/http/document-render.ts';
import { validate } from '#server/http/validation.ts';
import { reportAnswer } from '#server/reports/render-report-pdf.ts';
import { readRoute } from '#server/http/read-route.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { commandHandlers } from '#server/commands/command.ts';
import { workflowRoutes } from '#server/records/workflow-routes.ts';
import { canSeeParties } from '#server/tenancy/viewer.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { buildEppActaReport } from './epp-acta-report.ts';
import * as repo from './epp-entregas.repo.ts';
import * as service from './epp-entregas.service.ts';

const tags = ['epp_entregas'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(eppEntregaEntity.permission);
const responses = recordResponses(eppEntregaEntity);
const text = v.pipe(v.string(), v.trim(), v.toLowerCase());
// Any text: a company's own path with an id no acta has answers "none", never 400 (ids are checked by lookup).
const ActaPath = v.object({ company: v.string(), IdEntregadosEpp: text });

const sealedAnswer = {
  409: {
    description: 'Acta sellada: no se edita',
    content: {
      'application/json': {
        schema: resolver(v.object({ statusCode: v.literal(409), message: v.string(), code: v.literal('ACTA_SELLADA') })),
      },
    },
  },
};

/**
 * Delivered EPP (spec "Delivered": POST epp/entregados; GET, PUT and DELETE one/{company}/{id}), each acta one
 * worker's, sealed on the device. A sealed acta is never edited (PUT answers 409 saying why); the DELETE annuls it
 * (eppActaWorkflow, mounted below).
 */
export const eppEntregasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route(
    '/',
    readRoute(
      '/entregados/:company',
      {
        tags,
        summary:
          'Entregas de EPP (actas, anuladas incluidas) visibles para el usuario: un contratista solo las de sus trabajadores, un cliente solo las suyas. ' +
            '{ statusCode, data: EppEntrega[] }',
        answer: v.object({ statusCode: v.literal(200), data: v.array(EppEntregaSchema) }),
        access: can('index'),
        query: v.object(DeviceScopeQueryEntries),
      },
      async (c, { query }) => {
        const { db, records } = c.get('deps');
        const session = c.get('session');
        const rows = await records.epp_entregas.listActive(db, session.company, session.viewer);
        return { statusCode: 200 as const, data: await rowsForQuery(db, session, eppEntregaEntity, rows, query) };
      },
    ),
  )
  .post(
    '/entregados',
    describeRoute({
      tags,
      security,
      summary:
        'Registra el acta sellada de UN trabajador (una entrega a una cuadrilla son varias llamadas, una por acta). El servidor recalcula el sello y la rechaza (400 SELLO_DISTINTO) si no coincide; guarda su propia hora de recepción. 409 ARCHIVO_PENDIENTE si una firma no ha llegado; 409 CONFLICTO si el id ya existe.',
      responses: responses.write,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'access', route: eppEntregaEntity.permission, action: 'crear' },
        { kind: 'json', schema: EppEntregaCreateBodySchema },
      ],
      run: async (call, { body }) => {
        const outcome = await service.createDelivery(commandWriteContext(call), body as EppEntregaCreateBody);
        return writeOutcomeAnswer(outcome, EPP_ENTREGAS_MESSAGES.created);
      },
    }),
  )
  .route(
    '/',
    readRoute(
      '/one/:company/:IdEntregadosEpp',
      {
        tags,
        summary:
          'Un acta (también anulada): { statusCode, data: EppEntrega | null, Urls: { sha256: enlace firmado } } con las firmas; data null si no existe o ' +
            'no es visible para el usuario',
        answer: v.object({ statusCode: v.literal(200), data: v.nullable(EppEntregaSchema), Urls: v.record(v.string(), v.string()) }),
        access: can('index'),
        params: ActaPath,
      },
      async (c, { params }) => {
        const { db, files, now } = c.get('deps');
        const { company, viewer } = c.get('session');
        const acta = await repo.loadDelivery(db, company, params.IdEntregadosEpp);
        if (!acta || !canSeeParties(viewer, acta)) return { statusCode: 200 as const, data: null, Urls: {} };
        const Urls = files.signedUrls(eppEntregaEntity.files!(acta), now());
        return { statusCode: 200 as const, data: acta, Urls };
      },
    ),
  )
  .put(
    '/one/:company/:IdEntregadosEpp',
    describeRoute({
      tags,
      security,
      summary:
        'Un acta sellada no se edita: responde 409 ACTA_SELLADA con el motivo (para corregirla se anula y se registra una nueva entrega que la ' +
          'corrige); 404 si no existe',
      responses: sealedAnswer,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: ActaPath },
        { kind: 'ownCompany' },
        { kind: 'access', route: eppEntregaEntity.permission, action: 'editar' },
      ],
      run: async ({ deps, session }, { params }) => {
        const { company, viewer } = session;
        const acta = await repo.findDeliveryById(deps.db, params.IdEntregadosEpp);
        if (!acta || acta.IdEmpresa !== company || !canSeeParties(viewer, acta)) throw new HttpError(404, EPP_ENTREGAS_MESSAGES.notFound);
        throw new HttpError(409, EPP_ENTREGAS_MESSAGES.sealed, 'ACTA_SELLADA');
      },
    }),
  )
  .get(
    '/entregados/acta/:company/:IdEntregadosEpp',
    describeRoute({
      tags,
      security,
      summary:
        'Datos del acta de entrega en PDF (spec 2.4, /pdf/epp): { statusCode, data: EppActaReportData | null } con las firmas como enlaces firmados y el enlace de verificación del QR. Con Accept: application/pdf responde el PDF dibujado en el servidor (404 si no existe)',
    }),
    rendersDocument(),
    validate('param', ActaPath),
    requireOwnCompany,
    can('index'),
    async (c) => {
      const { company, viewer } = c.get('session');
      const id = c.req.valid('param').IdEntregadosEpp;
      return reportAnswer(c, 'eppActa', (mode) => buildEppActaReport(c.get('deps'), company, viewer, id, mode), EPP_ENTREGAS_MESSAGES.notFound, true);
    },
  );

/** SPEC EP3: the acta's annulment (the spec's DELETE), its workflow's one transition. */
export const eppActaAnnulRoutes = workflowRoutes(eppActaWorkflow, service.eppActaRules);
