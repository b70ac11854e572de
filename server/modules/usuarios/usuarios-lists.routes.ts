import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { AuditoriaQuerySchema } from '#sync/schemas/usuarios.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { reservedNames } from '#server/records/office-accounts.ts';
import { AUDIT_PAGE, listAudit } from '#server/records/office-audit-log.ts';
import { validate } from '#server/http/validation.ts';
import { permit } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';

const security = [{ bearerAuth: [] }];
const CompanyPath = v.object({ company: v.string() });

/** The audit log's own permission route: who sees every change of users, roles and permissions. */
export const AUDIT_ROUTE = '/auditoria-usuarios';

/** Mounted under the users' routes, which check the session. */
export const auditoriaRoutes = new Hono<AppEnv>().get(
  '/auditoria/:company',
  describeRoute({
    tags: ['usuarios'],
    security,
    summary: `Historial de cambios de usuarios, roles y permisos, empresas contratistas y clientes: quién, cuándo y qué (campo, antes, después), del más nuevo al más antiguo, de a ${AUDIT_PAGE}. ?Entidad &IdRegistro &Pagina. { statusCode, data: Entrada[] }`,
  }),
  validate('param', CompanyPath),
  requireOwnCompany,
  permit(AUDIT_ROUTE, 'index'),
  companyUsersOnly,
  validate('query', AuditoriaQuerySchema),
  async (c) => c.json({ statusCode: 200, data: await listAudit(c.get('deps').db, c.get('session').company, c.req.valid('query')) }),
);

/** Spec: GET perfil/usuarios_reservados/{company}, what the user form checks before saving. Mounted at /api/perfil. */
export const reservedNamesRoutes = new Hono<AppEnv>().get(
  '/usuarios_reservados/:company',
  describeRoute({ tags: ['usuarios'], security, summary: 'Nombres de usuario y correos ya en uso en la empresa (en minúsculas): { statusCode, data: { NombresUsuario, Correos } }' }),
  requireSession,
  validate('param', CompanyPath),
  requireOwnCompany,
  permit('/usuarios', 'index'),
  companyUsersOnly,
  async (c) => c.json({ statusCode: 200, data: await reservedNames(c.get('deps').db, c.get('session').company) }),
);
