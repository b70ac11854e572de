import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { AccessLogInspectorSchema, AccessLogQuerySchema } from '#sync/schemas/fiscales-accesos.schema.ts';
import { InspectorAccessRowSchema } from '#sync/schemas/fiscales.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { answers } from '#server/http/api-answers.ts';
import { validate } from '#server/http/validation.ts';
import { reportListRoute } from '#server/records/report-lists/report-list-route.ts';
import { permit } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { accessInspectors, listAccesses } from './accesos.ts';

const CompanyPath = v.object({ company: v.string() });
const AccessInspectors = dataAnswer(v.array(AccessLogInspectorSchema));

/** The permission route of Perfil Empresa: whoever may see the company's profile sees who consulted its records. */
export const COMPANY_PROFILE_ROUTE = '/perfil/empresa';

/**
 * The company's side of the inspector portal (mounted at /api/perfil, a company session): what labour inspectors
 * consulted of its workers' records and when. A contractor's or client's user never sees it, whatever their role.
 */
export const accesosFiscalizadoresRoutes = new Hono<AppEnv>()
  .route(
    '/',
    reportListRoute(
      '/accesos-fiscalizadores',
      {
        tags: ['perfil'],
        summary:
          'Perfil Empresa: búsquedas y PDF de fiscalizadores sobre los registros de los trabajadores de la empresa, ' +
          'del más nuevo al más antiguo, por páginas. ' +
          '?IdFiscalizador &Trabajador (parte del nombre o del RUT) &Desde &Hasta (AAAA-MM-DD, días en Chile, ambos incluidos) &Pagina &PorPagina. ' +
          '{ statusCode, data: InspectorAccessRow[], total, Pagina, PorPagina }',
        described: 'Una página de consultas de fiscalizadores',
        row: InspectorAccessRowSchema,
        query: AccessLogQuerySchema,
        access: [permit(COMPANY_PROFILE_ROUTE, 'index'), companyUsersOnly],
      },
      ({ db, company, query }) => listAccesses(db, company, query),
    ),
  )
  .get(
    '/accesos-fiscalizadores/:company/fiscalizadores',
    describeRoute({
      tags: ['perfil'],
      security: [{ bearerAuth: [] }],
      summary:
        'Perfil Empresa: los fiscalizadores que consultaron los registros de la empresa, para filtrar sus consultas. { statusCode, data: [{ ' +
          'IdFiscalizador, Correo }] }',
      responses: answers(AccessInspectors, 'Fiscalizadores que consultaron la empresa'),
    }),
    requireSession,
    validate('param', CompanyPath),
    requireOwnCompany,
    permit(COMPANY_PROFILE_ROUTE, 'index'),
    companyUsersOnly,
    async (c) =>
      c.json({ statusCode: 200, data: await accessInspectors(c.get('deps').db, c.get('session').company) } satisfies v.InferOutput<
        typeof AccessInspectors
      >),
  );
