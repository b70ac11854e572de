import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { CertificadoRequestSchema } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import { InformeFiltrosAnswer, TemasAnswer, WorkerPickListAnswer } from '#sync/schemas/capacitaciones-answers.schema.ts';
import { InformeAnswerSchema, InformeBodySchema } from '#sync/schemas/capacitaciones-informes.schema.ts';
import { PARTES_MESSAGES } from '#sync/schemas/capacitaciones-partes.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { rendersDocument } from '#server/http/document-render.ts';
import { CompanyPathSchema as CompanyPath, readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { commandHandlers } from '#server/commands/command.ts';
import { MasksAnswer } from '#server/records/dashboard-answers.ts';
import { reportAnswer } from '#server/reports/render-report-pdf.ts';
import type { ImageMode } from '#server/reports/report-sources.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { buildCertificate } from './certificado.data.ts';
import { levelLists, maskList, typeList, workerList } from './capacitaciones-listas.ts';
import { DASHBOARD_ROUTE } from './dashboard.routes.ts';
import { trainingReport } from './informe.query.ts';
import * as repo from './capacitaciones.repo.ts';

const tags = ['informes capacitaciones'];
const security = [{ bearerAuth: [] }];
const doc = (summary: string) => describeRoute({ tags, security, summary });
const report = (summary: string) =>
  describeRoute({ tags, security, summary, responses: answers(InformeAnswerSchema, 'Una página del informe de asistencia') });
/** The report also lists the records behind the dashboard's charts and the realised sessions' attendance. */
const REPORT_READERS = ['/capacitaciones/informes', DASHBOARD_ROUTE, '/capacitaciones/realizadas'];
const can = permissionsOf(REPORT_READERS);
/** Whoever may read sessions or their attendance may print a participant's certificate. */
const canPrint = permissionsOf(['/capacitaciones/realizadas', '/capacitaciones/creadas', '/capacitaciones/informes']);
const LevelQuery = v.object({
  nv2: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
  nv3: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
});

/** Reports (spec "informes"), their pick lists, and the training certificate (spec 2.4). */
export const informesRoutes = new Hono<AppEnv>()
  .route(
    '/',
    readRoute(
      '/informes/mascaras/:company',
      { tags, summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data }', answer: MasksAnswer, access: can('index') },
      async (c) => ({ statusCode: 200, data: await maskList(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/informes/filtros/:company',
      {
        tags,
        summary: 'Opciones de los filtros del informe: { statusCode, data: { nv2, nv3, tipos } }',
        answer: InformeFiltrosAnswer,
        access: can('index'),
      },
      async (c) => {
        const [levels, tipos] = await Promise.all([levelLists(c), typeList(c)]);
        return { statusCode: 200, data: { ...levels, tipos } };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/informes/listas/trabajadores/:company',
      {
        tags,
        summary: 'Trabajadores activos visibles, de los niveles ?nv2&nv3: { statusCode, data }',
        answer: WorkerPickListAnswer,
        access: can('index'),
        query: LevelQuery,
      },
      async (c, { query }) => ({ statusCode: 200, data: await workerList(c, query) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/informes/listas/capacitaciones/:company',
      {
        tags,
        summary: 'Títulos de las capacitaciones realizadas visibles, de los niveles ?nv2&nv3: { statusCode, data: [{ Tema }] }',
        answer: TemasAnswer,
        access: can('index'),
        query: LevelQuery,
      },
      async (c, { query }) => {
        const { nv2, nv3 } = query;
        const sessions = await repo.listSessions(c.get('deps').db, c.get('session').company, c.get('session').viewer, {
          realizada: 1,
          nv2,
          nv3,
        });
        const titles = [...new Set(sessions.map((session) => session.Tema))].sort((a, b) => a.localeCompare(b, 'es'));
        return { statusCode: 200, data: titles.map((Tema) => ({ Tema })) };
      },
    ),
  )
  .post(
    '/informes/informe/:company',
    report(
      'Informe de asistencia a capacitaciones realizadas: { type (IdTipoCapacitacion), start, end (AAAA-MM), idNv2, idNv3, capacitaciones (títulos), trabajadores (RunPersona), Pagina, PorPagina (máx. 1000) }. Un contratista ve la asistencia de sus trabajadores y de las capacitaciones hechas para él; un cliente, la de las suyas. { statusCode, data: InformeFila[], total, Pagina, PorPagina }',
    ),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: CompanyPath },
        { kind: 'ownCompany' },
        { kind: 'access', route: REPORT_READERS, action: 'index' },
        { kind: 'json', schema: InformeBodySchema },
      ],
      run: async ({ deps, session }, { body }) => {
        const answer = await trainingReport(deps, session.company, session.viewer, body);
        return { status: 200, body: answer satisfies v.InferOutput<typeof InformeAnswerSchema> };
      },
    }),
  )
  .post(
    '/recursos-app/pdf',
    doc(
      'Datos del certificado de capacitación de una asistencia (IdObjeto: el Id del participante): { statusCode, data }. Con Accept: application/pdf ' +
        'responde el PDF dibujado en el servidor. Empresa debe ser la del token',
    ),
    rendersDocument(),
    canPrint('index'),
    validate('json', CertificadoRequestSchema),
    async (c) => {
      const { IdObjeto, Empresa } = c.req.valid('json');
      const company = c.get('session').company;
      if (Empresa !== company) throw new HttpError(403, AUTH_MESSAGES.forbiddenCompany, 'EMPRESA_AJENA');
      const certificate = (mode: ImageMode) => buildCertificate(c.get('deps'), company, c.get('session').viewer, IdObjeto, mode);
      return reportAnswer(c, 'certificado-capacitacion', certificate, PARTES_MESSAGES.participantNotFound);
    },
  );
