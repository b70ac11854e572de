import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import {
  TRABAJADORES_MESSAGES,
  TrabajadorCreateBodySchema,
  TrabajadoresQuerySchema,
  TrabajadorUpdateBodySchema,
  workerFileRefs,
} from '#sync/schemas/trabajadores.schema.ts';
import type { AppEnv } from '../../app-env.ts';
import { HttpError } from '../../http/http-error.ts';
import { validate, VersionQuerySchema } from '../../http/validation.ts';
import { requireOwnCompany, requirePermission, requireSession } from '../../tenancy/require-session.ts';
import { viewerOf } from '../../tenancy/viewer.ts';
import { listMasks } from '../auth/auth.repo.ts';
import { listCargoLevels, toCargoNivel } from '../cargos/cargos.repo.ts';
import { listActiveLevels, toWireLevel } from '../niveles/niveles.repo.ts';
import * as repo from './trabajadores.repo.ts';
import * as service from './trabajadores.service.ts';
import { answerWrite, writeContext } from './write-answer.ts';

const tags = ['trabajadores'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/trabajadores';

const CompanyPath = v.object({ company: v.string() });
const DetailPath = v.object({ company: v.string(), id: v.pipe(v.string(), v.trim(), v.toLowerCase()) });
const DeletePath = v.object({
  person: v.pipe(v.string(), v.trim(), v.toLowerCase()),
  user: v.pipe(v.string(), v.regex(/^\d{1,12}$/, AUTH_MESSAGES.forbiddenAction), v.transform(Number)),
});

export const trabajadoresRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    '/newtrabajadores2/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Trabajadores activos, por apellido: ?Buscar (rut o nombre) &nv2 &nv3 &Cargo &RutContratista &TipoEmpresa &Pagina &PorPagina (máx. 500). { statusCode, data: Trabajador[], total, Pagina, PorPagina }. Un contratista ve solo los suyos',
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    validate('query', TrabajadoresQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const page = await repo.listWorkers(c.get('deps').db, c.get('claims').emp, await viewerOf(c), query);
      return c.json({ statusCode: 200, ...page, Pagina: query.Pagina, PorPagina: query.PorPagina });
    },
  )
  .get(
    '/newtrabajadores2/detalle/:company/:id',
    describeRoute({
      tags,
      security,
      summary: 'Un trabajador (también anulado) con enlaces firmados de sus archivos en Urls { sha256: url }; data es null si no existe o no es visible',
    }),
    validate('param', DetailPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => {
      const deps = c.get('deps');
      const worker = await repo.loadWireWorker(deps.db, c.get('claims').emp, c.req.valid('param').id);
      if (!worker || !repo.canSee(await viewerOf(c), worker)) return c.json({ statusCode: 200, data: null });
      const files = [...workerFileRefs(worker), ...(worker.FichaMedicaAnterior ? [worker.FichaMedicaAnterior] : []), ...(worker.FirmaAnterior ? [worker.FirmaAnterior] : [])];
      const Urls = Object.fromEntries(files.map((file) => [file.Sha256, deps.files.signedUrl(file.Sha256, deps.now())]));
      return c.json({ statusCode: 200, data: { ...worker, Urls } });
    },
  )
  .get(
    '/newtrabajadores2/mascaras/:company',
    describeRoute({ tags, security, summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data: [{ TipoNv, Nombre }] }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => c.json({ statusCode: 200, data: await listMasks(c.get('deps').db, c.get('claims').emp) }),
  )
  .get(
    '/newtrabajadores2/filtros/:company',
    describeRoute({ tags, security, summary: 'Opciones de los filtros: { statusCode, data: { nv2: Nivel[], nv3: Nivel[], cargos: CargoNivel[], contratistas: string[] } }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => {
      const { db } = c.get('deps');
      const company = c.get('claims').emp;
      const [levels, cargos, contratistas] = await Promise.all([listActiveLevels(db, company), listCargoLevels(db, company), repo.listContractorRuts(db, company, await viewerOf(c))]);
      const wire = levels.map(toWireLevel);
      return c.json({
        statusCode: 200,
        data: { nv2: wire.filter((l) => l.TipoNivel === 2), nv3: wire.filter((l) => l.TipoNivel === 3), cargos: cargos.map(toCargoNivel), contratistas },
      });
    },
  )
  .get(
    '/newtrabajadores2/cargo_nivel/:company',
    describeRoute({ tags, security, summary: 'Cargos activos con sus niveles, para elegir los cargos del trabajador: { statusCode, data: CargoNivel[] }' }),
    validate('param', CompanyPath),
    requireOwnCompany,
    requirePermission(ROUTE, 'index'),
    async (c) => c.json({ statusCode: 200, data: (await listCargoLevels(c.get('deps').db, c.get('claims').emp)).map(toCargoNivel) }),
  )
  .post(
    '/newtrabajadores2',
    describeRoute({
      tags,
      security,
      summary:
        'Crea un trabajador con el IdPersona (UUID) generado en el dispositivo. Archivos por { Sha256, Tipo }, subidos antes (409 ARCHIVO_PENDIENTE si falta uno); 409 RUT_DUPLICADO; 409 CONFLICTO si el id ya existe',
    }),
    requirePermission(ROUTE, 'crear'),
    validate('json', TrabajadorCreateBodySchema),
    async (c) => answerWrite(c, await service.createWorker(writeContext(c), await viewerOf(c), c.req.valid('json')), TRABAJADORES_MESSAGES.created),
  )
  .put(
    '/newtrabajadores2',
    describeRoute({
      tags,
      security,
      summary:
        'Edita un trabajador: IdPersona, la Version de partida y solo los campos cambiados; licencias, certificaciones y evidencias se agregan por su id. Fusión por campo o 409 CONFLICTO con la fila actual',
    }),
    requirePermission(ROUTE, 'editar'),
    validate('json', TrabajadorUpdateBodySchema),
    async (c) => answerWrite(c, await service.updateWorker(writeContext(c), await viewerOf(c), c.req.valid('json')), TRABAJADORES_MESSAGES.updated),
  )
  .delete(
    '/newtrabajadores2/:person/:user',
    describeRoute({
      tags,
      security,
      summary: 'Anula un trabajador (Estado 0, lápida en los cambios); {user} es quien borra (el usuario del token). ?Version=n detecta un borrado sobre datos viejos; anular de nuevo responde 200',
    }),
    validate('param', DeletePath),
    requirePermission(ROUTE, 'eliminar'),
    validate('query', VersionQuerySchema),
    async (c) => {
      const { person, user } = c.req.valid('param');
      if (user !== c.get('claims').sub) throw new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');
      const outcome = await service.deleteWorker(writeContext(c), await viewerOf(c), person, c.req.valid('query').Version);
      return answerWrite(c, outcome, TRABAJADORES_MESSAGES.deleted);
    },
  );
