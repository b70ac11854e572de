import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { LEVEL_TYPES, NIVELES_MESSAGES, NivelCreateBodySchema, NivelUpdateBodySchema } from '#sync/schemas/niveles.schema.ts';
import type { AppEnv } from '../../app-env.ts';
import { validate, VersionQuerySchema } from '../../http/validation.ts';
import { requireOwnCompany, requirePermission, requireSession } from '../../tenancy/require-session.ts';
import { listMasks } from '../auth/auth.repo.ts';
import { answerWrite, writeContext } from '../trabajadores/write-answer.ts';
import * as repo from './niveles.repo.ts';
import * as service from './niveles.service.ts';

const tags = ['niveles'];
const security = [{ bearerAuth: [] }];
/** Levels 2, 3 and 4 share the permissions of the "Nivel 2" maintainer. */
const ROUTE = '/nv2';

const CompanyPath = v.object({ company: v.string() });
// Any text reaches the lookup: an id that is not a UUID simply matches nothing.
const RecordPath = v.object({ company: v.string(), id: v.pipe(v.string(), v.trim(), v.toLowerCase()) });
const ListQuery = v.object({
  TipoNivel: v.optional(v.pipe(v.picklist(LEVEL_TYPES.map(String), NIVELES_MESSAGES.typeInvalid), v.transform((value) => Number(value) as 2 | 3 | 4))),
});

export const nivelesRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    '/:company',
    describeRoute({ tags, security, summary: 'Niveles activos de la empresa (opcional ?TipoNivel=2|3|4): { statusCode, data: Nivel[] }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    validate('query', ListQuery),
    async (c) => {
      const rows = await repo.listActiveLevels(c.get('deps').db, c.get('claims').emp, c.req.valid('query').TipoNivel);
      return c.json({ statusCode: 200, data: rows.map(repo.toWireLevel) });
    },
  )
  .get(
    '/all/:company',
    describeRoute({ tags, security, summary: 'Niveles activos de todos los tipos con los nombres de la empresa (máscaras): { statusCode, data: { mascaras, niveles } }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => {
      const { db } = c.get('deps');
      const company = c.get('claims').emp;
      const [mascaras, rows] = await Promise.all([listMasks(db, company), repo.listActiveLevels(db, company)]);
      return c.json({ statusCode: 200, data: { mascaras, niveles: rows.map(repo.toWireLevel) } });
    },
  )
  .get(
    '/one/:company/:id',
    describeRoute({ tags, security, summary: 'Un nivel (también anulado, con Estado 0); data es null si no existe en la empresa' }),
    validate('param', RecordPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => {
      const row = await repo.findLevel(c.get('deps').db, c.get('claims').emp, c.req.valid('param').id);
      return c.json({ statusCode: 200, data: row ? repo.toWireLevel(row) : null });
    },
  )
  .post(
    '/post/:company',
    describeRoute({ tags, security, summary: 'Crea un nivel con el IdNivel (UUID) generado en el dispositivo. 409 CONFLICTO si el id ya existe' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'crear'),
    validate('json', NivelCreateBodySchema),
    async (c) => answerWrite(c, await service.createLevel(writeContext(c), c.req.valid('json')), NIVELES_MESSAGES.created),
  )
  .put(
    '/put/:company/:id',
    describeRoute({ tags, security, summary: 'Edita los campos enviados de un nivel a partir de su Version (fusión por campo; 409 CONFLICTO con la fila actual)' }),
    validate('param', RecordPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'editar'),
    validate('json', NivelUpdateBodySchema),
    async (c) => answerWrite(c, await service.updateLevel(writeContext(c), c.req.valid('param').id, c.req.valid('json')), NIVELES_MESSAGES.updated),
  )
  .delete(
    '/delete/:company/:id',
    describeRoute({ tags, security, summary: 'Anula un nivel (Estado 0, lápida en los cambios). ?Version=n detecta un borrado sobre datos viejos; anular de nuevo responde 200' }),
    validate('param', RecordPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'eliminar'),
    validate('query', VersionQuerySchema),
    async (c) => answerWrite(c, await service.deleteLevel(writeContext(c), c.req.valid('param').id, c.req.valid('query').Version), NIVELES_MESSAGES.deleted),
  );
