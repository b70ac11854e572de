import { Hono } from 'hono';
import { DOCUMENT_READ } from '#server/http/document-render.ts';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import {
  CARD_KINDS,
  FISCALES_MESSAGES,
  PortalCompanySchema,
  PortalLookupQuerySchema,
  PortalPdfLinkSchema,
  PortalPeriodQuerySchema,
  PortalSearchAnswerSchema,
  PortalWorkerSchema,
} from '#sync/schemas/fiscales.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { answers, binaryAnswer, named } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { validate } from '#server/http/validation.ts';
import { publicCall, sessionOnly } from '#server/tenancy/permit.ts';
import { logAccess } from './accesos.ts';
import { readPdfLink, signPdfLink } from './pdf-links.ts';
import * as portal from './portal.service.ts';
import { requireInspector } from '#server/tenancy/require-inspector.ts';

const tags = ['fiscales'];
const security = [{ bearerAuth: [] }];

const CompanyPath = v.object({ IdEmpresa: v.pipe(v.string(), v.trim()) });
const WorkerPath = v.object({ IdEmpresa: v.pipe(v.string(), v.trim()), IdPersona: v.pipe(v.string(), v.trim()) });
const RecordPath = v.object({
  IdEmpresa: v.pipe(v.string(), v.trim()),
  IdPersona: v.pipe(v.string(), v.trim()),
  tipo: v.picklist(CARD_KINDS, FISCALES_MESSAGES.recordNotFound),
  id: v.pipe(v.string(), v.trim(), v.nonEmpty(FISCALES_MESSAGES.recordNotFound), v.maxLength(64, FISCALES_MESSAGES.recordNotFound)),
});
const Companies = dataAnswer(v.array(PortalCompanySchema));
const Workers = dataAnswer(v.array(PortalWorkerSchema));
const Records = dataAnswer(named('BusquedaFiscalizador', PortalSearchAnswerSchema));
const PdfLink = dataAnswer(PortalPdfLinkSchema);
const LinkPath = v.object({ firma: v.pipe(v.string(), v.maxLength(2000, FISCALES_MESSAGES.linkExpired)) });

/**
 * The inspector's search (spec 2.5): any company of the platform, any worker of its roster, the four cards of that
 * worker in a period, and each record's PDF through a short-lived signed link. An inspector session only (a company
 * user's token is refused with 401 by `requireInspector`); every search and every PDF link is logged for the company.
 */
export const portalRoutes = new Hono<AppEnv>()
  .get(
    '/empresas',
    describeRoute({
      tags,
      security,
      summary: `Fiscalizadores: empresas de la plataforma por RUT o nombre, cualquiera sea su estado (acceso permanente), hasta ` +
        `${portal.LOOKUP_LIMIT}. ?q. { statusCode, data: PortalCompany[] }`,
      responses: answers(Companies, 'Empresas encontradas'),
    }),
    requireInspector,
    sessionOnly(),
    validate('query', PortalLookupQuerySchema),
    async (c) =>
      c.json({ statusCode: 200, data: await portal.searchCompanies(c.get('deps'), c.req.valid('query').q) } satisfies v.InferOutput<
        typeof Companies
      >),
  )
  .get(
    '/empresas/:IdEmpresa/trabajadores',
    describeRoute({
      tags,
      security,
      summary: `Fiscalizadores: trabajadores de la nómina de una empresa por RUT o nombre, hasta ${portal.LOOKUP_LIMIT}. ?q. Queda en el registro de accesos. { statusCode, data: PortalWorker[] }`,
      responses: answers(Workers, 'Trabajadores encontrados'),
    }),
    requireInspector,
    sessionOnly(),
    validate('param', CompanyPath),
    validate('query', PortalLookupQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      const { IdEmpresa } = c.req.valid('param');
      const q = c.req.valid('query').q;
      const workers = await portal.searchWorkers(deps, IdEmpresa, q);
      // Names and RUTs of a company's roster are personal data: listing them is logged like a search (issue 27).
      await logAccess(
        deps.db,
        c.get('inspector'),
        IdEmpresa,
        null,
        { Accion: 'nomina', Busqueda: q, Resultados: workers.length },
        deps.now(),
      );
      return c.json({ statusCode: 200, data: workers } satisfies v.InferOutput<typeof Workers>);
    },
  )
  .get(
    '/empresas/:IdEmpresa/trabajadores/:IdPersona/registros',
    describeRoute({
      tags,
      security,
      summary:
        'Fiscalizadores: los registros de un trabajador en el periodo (desde y hasta AAAA-MM-DD, entre el 01/01/1969 y hoy): observaciones, capacitaciones, EPP e incidentes, del más nuevo al más antiguo. Queda en el registro de accesos. { statusCode, data: PortalSearchAnswer }',
      responses: answers(Records, 'Las cuatro tarjetas del trabajador en el periodo'),
    }),
    requireInspector,
    sessionOnly(),
    validate('param', WorkerPath),
    validate('query', PortalPeriodQuerySchema),
    async (c) => {
      const { IdEmpresa, IdPersona } = c.req.valid('param');
      const data = await portal.searchRecords(c.get('deps'), c.get('inspector'), IdEmpresa, IdPersona, c.req.valid('query'));
      return c.json({ statusCode: 200, data } satisfies v.InferOutput<typeof Records>);
    },
  )
  .post(
    '/empresas/:IdEmpresa/trabajadores/:IdPersona/pdf/:tipo/:id',
    describeRoute({
      tags,
      security,
      summary:
        'Fiscalizadores: el enlace firmado (unos minutos) al PDF de un registro del trabajador (tipo: observaciones, capacitaciones, epp o ' +
          'incidentes). Queda en el registro de accesos. { statusCode, data: { Url } }',
      responses: answers(PdfLink, 'El enlace firmado al PDF'),
    }),
    requireInspector,
    sessionOnly(),
    validate('param', RecordPath),
    async (c) => {
      const deps = c.get('deps');
      const { IdEmpresa, IdPersona, tipo, id } = c.req.valid('param');
      await portal.findCompany(deps, IdEmpresa);
      const worker = await portal.findWorker(deps, IdEmpresa, IdPersona);
      if (!(await portal.isWorkersRecord(deps, IdEmpresa, worker, tipo, id)))
        throw new HttpError(404, FISCALES_MESSAGES.recordNotFound, 'REGISTRO_NO_EXISTE');
      const inspector = c.get('inspector');
      await logAccess(deps.db, inspector, IdEmpresa, worker, { Accion: 'pdf', TipoRegistro: tipo, IdRegistro: id }, deps.now());
      const firma = signPdfLink(deps, { f: inspector.IdFiscalizador, e: IdEmpresa, p: worker.IdPersona, t: tipo, i: id });
      return c.json({ statusCode: 200, data: { Url: `/api/fiscales/documentos/${firma}` } } satisfies v.InferOutput<typeof PdfLink>);
    },
  )
  .get(
    '/documentos/:firma',
    describeRoute({
      tags,
      summary:
        'Fiscalizadores: el PDF de un registro, dibujado por el servidor, desde un enlace firmado que vence en minutos (la firma es la credencial). ' +
          '404 si el enlace no es válido, 410 si venció',
      responses: { 200: binaryAnswer(['application/pdf'], 'El PDF del registro') },
      ...DOCUMENT_READ,
    }),
    publicCall(),
    validate('param', LinkPath),
    async (c) => {
      const deps = c.get('deps');
      const link = readPdfLink(deps, c.req.valid('param').firma);
      if (!link.ok) throw new HttpError(link.reason === 'expired' ? 410 : 404, FISCALES_MESSAGES.linkExpired, 'ENLACE_VENCIDO');
      const { f, e, p, t, i } = link.claims;
      const account = await deps.db
        .selectFrom('fiscalizadores')
        .select('IdFiscalizador')
        .where('IdFiscalizador', '=', f)
        .executeTakeFirst();
      if (!account) throw new HttpError(404, FISCALES_MESSAGES.linkExpired, 'ENLACE_VENCIDO');
      const worker = await portal.findWorker(deps, e, p);
      const pdf = await portal.recordPdf(deps, e, worker, t, i);
      if (!pdf) throw new HttpError(404, FISCALES_MESSAGES.recordNotFound, 'REGISTRO_NO_EXISTE');
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${portal.pdfFileName(t, worker, i)}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
