import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ReservedNamesAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { AuditoriaEntradaSchema, AuditoriaQuerySchema } from '#sync/schemas/usuarios.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { reservedNames } from '#server/records/office-accounts.ts';
import { AUDIT_PAGE, listAudit } from '#server/records/office-audit-log.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { permit } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';

const security = [{ bearerAuth: [] }];
const CompanyPath = v.object({ company: v.string() });
/** `{ statusCode, data: { NombresUsuario, Correos } }`: what a new account may not take. */
const ReservedNamesAnswer = named('UsuariosReservados', ReservedNamesAnswerSchema);

/** The audit log's own permission route: who sees every change of users, roles and permissions. */
export const AUDIT_ROUTE = '/auditoria-usuarios';

/** Mounted under the users' routes, which check the session. */
export const auditoriaRoutes = readRoute(
  '/auditoria/:company',
  {
    tags: ['usuarios'],
    summary: `Historial de cambios de usuarios, roles y permisos, empresas contratistas y clientes: quién, cuándo y qué (campo, antes, después), del más nuevo al más antiguo, de a ${AUDIT_PAGE}. ?Entidad &IdRegistro &Pagina. { statusCode, data: Entrada[] }`,
    answer: dataAnswer(v.array(named('AuditoriaEntrada', AuditoriaEntradaSchema))),
    access: [permit(AUDIT_ROUTE, 'index'), companyUsersOnly],
    query: AuditoriaQuerySchema,
  },
  async (c, { query }) => ({ statusCode: 200, data: await listAudit(c.get('deps').db, c.get('session').company, query) }),
);

/** Spec: GET perfil/usuarios_reservados/{company}, what the user form checks before saving. Mounted at /api/perfil. */
export const reservedNamesRoutes = new Hono<AppEnv>().get(
  '/usuarios_reservados/:company',
  describeRoute({
    tags: ['usuarios'],
    security,
    summary: 'Nombres de usuario y correos ya en uso en la empresa (en minúsculas): { statusCode, data: { NombresUsuario, Correos } }',
    responses: answers(ReservedNamesAnswer, 'Nombres de usuario y correos en uso'),
  }),
  requireSession,
  validate('param', CompanyPath),
  requireOwnCompany,
  permit('/usuarios', 'index'),
  companyUsersOnly,
  async (c) =>
    c.json({ statusCode: 200, data: await reservedNames(c.get('deps').db, c.get('session').company) } satisfies v.InferOutput<
      typeof ReservedNamesAnswer
    >),
);
