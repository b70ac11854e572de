import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { CARGOS_MESSAGES, CargoCreateBodySchema, CargoUpdateBodySchema } from '#sync/schemas/cargos.schema.ts';
import type { AppEnv } from '../../app-env.ts';
import { validate, VersionQuerySchema } from '../../http/validation.ts';
import { requireOwnCompany, requirePermission, requireSession } from '../../tenancy/require-session.ts';
import { listMasks } from '../auth/auth.repo.ts';
import { listActiveLevels, toWireLevel } from '../niveles/niveles.repo.ts';
import { answerWrite, writeContext } from '../trabajadores/write-answer.ts';
import * as repo from './cargos.repo.ts';
import * as service from './cargos.service.ts';

const tags = ['cargos'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/cargos';

const CompanyPath = v.object({ company: v.string() });
const LevelFilter = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase()));
const ListQuery = v.object({ nv2: LevelFilter, nv3: LevelFilter });
const lower = v.pipe(v.string(), v.trim(), v.toLowerCase());
const DeletePath = v.object({ IdCargo: lower, IdNivel2: v.optional(lower), IdNivel3: v.optional(lower) });

const deleteRoute = describeRoute({
  tags,
  security,
  summary: 'Anula un cargo (Estado 0, lápida en los cambios); los niveles de la ruta deben ser los del cargo. 409 CARGO_EN_USO si tiene trabajadores; ?Version=n detecta un borrado sobre datos viejos',
});

export const cargosRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    '/newcargos2/:company',
    describeRoute({ tags, security, summary: 'Cargos activos con los nombres de sus niveles (?nv2&nv3): { statusCode, data: (Cargo & { Nivel2, Nivel3 })[] }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    validate('query', ListQuery),
    async (c) => {
      const rows = await repo.listCargoLevels(c.get('deps').db, c.get('claims').emp, c.req.valid('query'));
      return c.json({ statusCode: 200, data: rows.map((row) => ({ ...repo.toWireCargo(row), Nivel2: row.Nivel2, Nivel3: row.Nivel3 })) });
    },
  )
  .get(
    '/newcargos2/mascaras/:company',
    describeRoute({ tags, security, summary: 'Nombres de los niveles 2, 3 y 4 de la empresa: { statusCode, data: [{ TipoNv, Nombre }] }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => c.json({ statusCode: 200, data: await listMasks(c.get('deps').db, c.get('claims').emp) }),
  )
  .get(
    '/newcargos2/filtros/:company',
    describeRoute({ tags, security, summary: 'Niveles activos para los filtros: { statusCode, data: { nv2: Nivel[], nv3: Nivel[] } }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => {
      const levels = (await listActiveLevels(c.get('deps').db, c.get('claims').emp)).map(toWireLevel);
      return c.json({ statusCode: 200, data: { nv2: levels.filter((l) => l.TipoNivel === 2), nv3: levels.filter((l) => l.TipoNivel === 3) } });
    },
  )
  .get(
    '/newcargos2/cargo_nivel/:company',
    describeRoute({ tags, security, summary: 'Combinaciones cargo-nivel: { statusCode, data: [{ IdCargo, NombreCargo, IdNivel2, Nivel2, IdNivel3, Nivel3 }] }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => c.json({ statusCode: 200, data: (await repo.listCargoLevels(c.get('deps').db, c.get('claims').emp)).map(repo.toCargoNivel) }),
  )
  .post(
    '/newcargos2',
    describeRoute({ tags, security, summary: 'Crea un cargo con el IdCargo (UUID) generado en el dispositivo para una combinación de niveles. 409 CONFLICTO si el id ya existe' }),
    requirePermission(ROUTE, 'crear'),
    validate('json', CargoCreateBodySchema),
    async (c) => answerWrite(c, await service.createCargo(writeContext(c), c.req.valid('json')), CARGOS_MESSAGES.created),
  )
  .put(
    '/newcargos2/:company',
    describeRoute({ tags, security, summary: 'Edita los campos enviados de un cargo (IdCargo y Version en el cuerpo; fusión por campo, 409 CONFLICTO con la fila actual)' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'editar'),
    validate('json', CargoUpdateBodySchema),
    async (c) => answerWrite(c, await service.updateCargo(writeContext(c), c.req.valid('json')), CARGOS_MESSAGES.updated),
  )
  .delete('/newcargos2/delete/:IdCargo', deleteRoute, validate('param', DeletePath), requirePermission(ROUTE, 'eliminar'), validate('query', VersionQuerySchema), async (c) =>
    answerWrite(c, await service.deleteCargo(writeContext(c), { ...c.req.valid('param'), ...c.req.valid('query') }), CARGOS_MESSAGES.deleted),
  )
  .delete('/newcargos2/delete/:IdCargo/:IdNivel2', deleteRoute, validate('param', DeletePath), requirePermission(ROUTE, 'eliminar'), validate('query', VersionQuerySchema), async (c) =>
    answerWrite(c, await service.deleteCargo(writeContext(c), { ...c.req.valid('param'), ...c.req.valid('query') }), CARGOS_MESSAGES.deleted),
  )
  .delete(
    '/newcargos2/delete/:IdCargo/:IdNivel2/:IdNivel3',
    deleteRoute,
    validate('param', DeletePath),
    requirePermission(ROUTE, 'eliminar'),
    validate('query', VersionQuerySchema),
    async (c) => answerWrite(c, await service.deleteCargo(writeContext(c), { ...c.req.valid('param'), ...c.req.valid('query') }), CARGOS_MESSAGES.deleted),
  );
