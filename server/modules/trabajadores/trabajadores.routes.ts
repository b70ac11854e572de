import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { cargoLevels, CargoNivelSchema, toCargoNivel } from '#sync/schemas/cargos.schema.ts';
import { NivelSchema } from '#sync/schemas/niveles.schema.ts';
import { reportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { trabajadorEntity, TrabajadorSchema, workerFileRefs } from '#sync/schemas/trabajadores.schema.ts';
import { TrabajadoresQuerySchema } from '#sync/schemas/trabajadores-query.schema.ts';
import { whileUnchanged } from '#server/db/while-unchanged.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { MasksAnswer } from '#server/records/dashboard-answers.ts';
import { recordResponses, recordRoutes } from '#server/records/record-routes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { readAccess } from '#server/records/read-access.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { canSeeContractorRows, viewerOf } from '#server/tenancy/viewer.ts';
import * as repo from './trabajadores.repo.ts';
import { trabajadoresLlamadasRoutes } from './trabajadores-llamadas.routes.ts';
import { trabajadorRules } from './trabajadores.rules.ts';

const tags = ['trabajadores'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(trabajadorEntity.permission);

const CompanyPath = v.object({ company: v.string() });
const CargoNivel = named('CargoNivel', CargoNivelSchema);
/** `{ statusCode, data, total, Pagina, PorPagina }`: a page of the active workers. */
const WorkersPage = reportListAnswer(TrabajadorSchema);
const WorkerFilters = dataAnswer(
  v.object({ nv2: v.array(NivelSchema), nv3: v.array(NivelSchema), cargos: v.array(CargoNivel), contratistas: v.array(v.string()) }),
);
const DetailPath = v.object({ company: v.string(), id: v.pipe(v.string(), v.trim(), v.toLowerCase()) });

export const trabajadoresRoutes = recordRoutes(trabajadorEntity, {
  rules: trabajadorRules,
  list: false,
  detail: false,
  summaries: {
    create:
      'Crea un trabajador con el IdPersona (UUID) generado en el dispositivo. Archivos por { Sha256, Tipo }, subidos antes (409 ARCHIVO_PENDIENTE si falta uno); 409 RUT_DUPLICADO; 409 CONFLICTO si el id ya existe',
    update:
      'Edita un trabajador: IdPersona, la Version de partida y solo los campos cambiados; licencias, certificaciones y evidencias se agregan por su id. Fusión por campo o 409 CONFLICTO con la fila actual',
    remove:
      'Anula un trabajador (Estado 0, lápida en los cambios); {user} es quien borra (el usuario del token). ?Version=n detecta un borrado sobre datos ' +
        'viejos; anular de nuevo responde 200',
  },
})
  .get(
    '/newtrabajadores2/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Trabajadores activos, por apellido: ?Buscar (rut o nombre) &nv2 &nv3 &Faenas=propias (las del usuario) &Antes (faenas ya descargadas) &Cargo &RutContratista &TipoEmpresa &Pagina &PorPagina (máx. 500). { statusCode, data: Trabajador[], total, Pagina, PorPagina }. Un contratista ve solo los suyos',
      responses: answers(WorkersPage, 'Una página de trabajadores activos'),
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    readAccess(trabajadorEntity),
    validate('query', TrabajadoresQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const { db } = c.get('deps');
      const { company, worksites: own } = c.get('session');
      const viewer = viewerOf(c);
      const scope = query.Faenas === 'propias' ? { worksites: own, before: query.Antes } : null;
      // Office users page through the same lists again and again: a page is built (and encoded) once while no row changes.
      const answer = await whileUnchanged(db, `trabajadores\u0000${JSON.stringify([company, viewer, query, scope])}`, async () => {
        const page = await repo.listWorkers(db, company, viewer, query, scope);
        return Buffer.from(
          JSON.stringify({ statusCode: 200, ...page, Pagina: query.Pagina, PorPagina: query.PorPagina } satisfies v.InferOutput<
            typeof WorkersPage
          >),
        );
      });
      return c.body(answer, 200, { 'Content-Type': 'application/json' });
    },
  )
  .get(
    '/newtrabajadores2/detalle/:company/:id',
    describeRoute({
      tags,
      security,
      summary:
        'Un trabajador (también anulado) con enlaces firmados de sus archivos en Urls { sha256: url }; data es null si no existe o no es visible',
      responses: recordResponses(trabajadorEntity).one,
    }),
    validate('param', DetailPath),
    requireOwnCompany,
    readAccess(trabajadorEntity),
    async (c) => {
      const deps = c.get('deps');
      const worker = await repo.loadWireWorker(deps.db, c.get('session').company, c.req.valid('param').id);
      if (!worker || !canSeeContractorRows(viewerOf(c), worker)) return c.json({ statusCode: 200, data: null });
      const files = [
        ...workerFileRefs(worker),
        ...(worker.FichaMedicaAnterior ? [worker.FichaMedicaAnterior] : []),
        ...(worker.FirmaAnterior ? [worker.FirmaAnterior] : []),
      ];
      const Urls = deps.files.signedUrls(files, deps.now());
      return c.json({ statusCode: 200, data: { ...worker, Urls } });
    },
  )
  .route(
    '/',
    readRoute(
      '/newtrabajadores2/mascaras/:company',
      {
        tags,
        summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data: [{ TipoNv, Nombre }] }',
        answer: MasksAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await listMasks(c.get('deps').db, c.get('session').company),
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/newtrabajadores2/filtros/:company',
      {
        tags,
        summary:
          'Opciones de los filtros: { statusCode, data: { nv2: Nivel[], nv3: Nivel[], cargos: CargoNivel[], contratistas: string[] } }',
        answer: WorkerFilters,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const [levels, cargos, contratistas] = await Promise.all([
          records.niveles.listActive(db, company, viewer),
          records.cargos.listActive(db, company, viewer),
          repo.listContractorRuts(db, company, viewer),
        ]);
        return {
          statusCode: 200,
          data: {
            nv2: levels.filter((l) => l.TipoNivel === 2),
            nv3: levels.filter((l) => l.TipoNivel === 3),
            cargos: cargoLevels(cargos, levels).map(toCargoNivel),
            contratistas,
          },
        };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/newtrabajadores2/cargo_nivel/:company',
      {
        tags,
        summary: 'Cargos activos con sus niveles, para elegir los cargos del trabajador: { statusCode, data: CargoNivel[] }',
        answer: dataAnswer(v.array(CargoNivel)),
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const [levels, cargos] = await Promise.all([
          records.niveles.listActive(db, company, viewer),
          records.cargos.listActive(db, company, viewer),
        ]);
        return { statusCode: 200, data: cargoLevels(cargos, levels).map(toCargoNivel) };
      },
    ),
  )
  // The spec's older write paths and the form's other reads (trabajadores-llamadas.routes.ts).
  .route('/', trabajadoresLlamadasRoutes);
