import { contractWorksites } from '#sync/domain/contract-activities.ts';
import { type Context, Hono } from 'hono';
import { personName } from '#sync/domain/person-name.ts';
import { companiesBelow } from '#sync/domain/subcontract-chains.ts';
import { ENTITIES } from '#sync/records/entities.ts';
import { contratoEntity } from '#sync/schemas/contratistas-contratos.schema.ts';
import {
  AdministradoresAnswer,
  CatalogueOptionsAnswer,
  ContractorQuerySchema,
  ContractAssetsAnswer,
  ContractWorkersAnswer,
  ContractWorkersQuerySchema,
  ContratoFiltrosAnswer,
  ResponsablesAnswer,
  SubcontratistasAnswer,
  SubempresasAnswer,
} from '#sync/schemas/contratistas-contrato-listas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { MasksAnswer } from '#server/records/dashboard-answers.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { enabledUsers } from '#server/records/pick-lists.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';

type Ctx = Context<AppEnv>;

const can = permissionsOf(contratoEntity.permission);
const tags = [contratoEntity.table];
const list = (name: string) => `/contrato/listas/${name}/:company`;

// Sorted here, not in SQL: SQLite and PostgreSQL order accents and case differently.
const byName = <Row extends { Nombre: string }>(rows: Row[]) => rows.sort((a, b) => a.Nombre.localeCompare(b.Nombre, 'es'));

/** The company's contractor companies, whatever their state, by name. */
async function contractorCompanies(c: Ctx) {
  const rows = await c
    .get('deps')
    .db.selectFrom('empresas_contratistas')
    .select(['RutCompleto', 'Nombre', 'Estado'])
    .where('IdEmpresa', '=', c.get('session').company)
    .execute();
  return byName(rows.map((row) => ({ Rut: row.RutCompleto, Nombre: row.Nombre, active: row.Estado === 1 })));
}

/** The contracts the reader sees (a contractor's user: those it holds or works in as a subcontractor). */
function visibleContracts(c: Ctx) {
  const { db, records } = c.get('deps');
  const { company, viewer } = c.get('session');
  return records.contratos.listActive(db, company, viewer);
}

/**
 * Of the contractor companies, those whose people the reader may name: for a company user every active one; for a
 * contractor's user its own and, in each contract it works in, the subcontractors below it (all of them in the
 * contracts it holds, as it sees their documents), while active; for a client's user none (SPEC PL7).
 */
async function reachableCompanies(c: Ctx): Promise<(rut: string) => boolean> {
  const viewer = c.get('session').viewer;
  const active = new Set((await contractorCompanies(c)).filter((row) => row.active).map((row) => row.Rut));
  if (viewer.kind === 'empresa') return (rut) => active.has(rut);
  if (viewer.kind !== 'contratista' || viewer.rut === '') return () => false;
  const own = new Set([viewer.rut, ...(await visibleContracts(c)).flatMap((row) => companiesBelow(row, viewer.rut))]);
  return (rut) => active.has(rut) && own.has(rut);
}

/** The active workers of the companies `named` accepts, in the workers' order (surnames, names). */
async function contractorWorkers(c: Ctx, named: (rut: string) => boolean) {
  const { db, records } = c.get('deps');
  // Read as the company: the store gives a contractor's user only its own workers, and the reach here is wider
  // (its subcontractors'); `named` applies the reader's reach.
  const rows = await records.trabajadores.listActive(db, c.get('session').company, { kind: 'empresa' });
  return rows.flatMap((row) => (row.RutContratista && named(row.RutContratista) ? [{ ...row, RutContratista: row.RutContratista }] : []));
}

const contractorLists = new Hono<AppEnv>()
  .use(requireSession)
  .route(
    '/',
    readRoute(
      list('subempresas'),
      {
        tags,
        summary: 'Empresas contratistas activas, sin la de ?IdContratista: { statusCode, data: [{ Rut, Nombre }] }',
        answer: SubempresasAnswer,
        access: can('index'),
        query: ContractorQuerySchema,
      },
      async (c, { query }) => {
        const rows = (await contractorCompanies(c)).filter((row) => row.active && row.Rut !== query.IdContratista);
        return { statusCode: 200 as const, data: rows.map(({ Rut, Nombre }) => ({ Rut, Nombre })) };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      list('subcontratistas'),
      {
        tags,
        summary:
          'Posibles subcontratistas de ?IdContratista: las empresas contratistas activas salvo ella, primero las que ya nombra ' +
          'como subcontratistas en un contrato (YaSubcontratista): { statusCode, data: [{ Rut, Nombre, YaSubcontratista }] }',
        answer: SubcontratistasAnswer,
        access: can('index'),
        query: ContractorQuerySchema,
      },
      async (c, { query }) => {
        const contracts = query.IdContratista ? await visibleContracts(c) : [];
        const named = new Set(contracts.filter((row) => row.RutContratista === query.IdContratista).flatMap((row) => row.Subcontratistas));
        const rows = (await contractorCompanies(c))
          .filter((row) => row.active && row.Rut !== query.IdContratista)
          .map(({ Rut, Nombre }) => ({ Rut, Nombre, YaSubcontratista: named.has(Rut) }));
        const data = [...rows.filter((row) => row.YaSubcontratista), ...rows.filter((row) => !row.YaSubcontratista)];
        return { statusCode: 200 as const, data };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      list('trabajadores'),
      {
        tags,
        summary:
          'Trabajadores activos de ?IdContratista y de las &Subcontratistas=RUT,RUT indicadas (sin ellas, de toda empresa contratista ' +
          'activa); un contratista, solo los suyos y los de sus subcontratistas: ' +
          '{ statusCode, data: [{ IdPersona, RunPersona, Nombre, RutContratista }] }',
        answer: ContractWorkersAnswer,
        access: can('index'),
        query: ContractWorkersQuerySchema,
      },
      async (c, { query }) => {
        const reachable = await reachableCompanies(c);
        const asked = new Set([query.IdContratista, ...query.Subcontratistas].filter(Boolean));
        const rows = await contractorWorkers(c, (rut) => reachable(rut) && (asked.size === 0 || asked.has(rut)));
        const data = rows.map((row) => ({
          IdPersona: row.IdPersona,
          RunPersona: row.RunPersona,
          Nombre: personName(row),
          RutContratista: row.RutContratista,
        }));
        return { statusCode: 200 as const, data };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      list('responsables'),
      {
        tags,
        summary:
          'Quién puede ser responsable de la contratista: con ?IdContratista sus trabajadores activos, sin él los usuarios habilitados ' +
          'de las contratistas; un contratista, solo los suyos y los de sus subcontratistas: ' +
          '{ statusCode, data: [{ Rut, Nombre, RutContratista }] }',
        answer: ResponsablesAnswer,
        access: can('index'),
        query: ContractorQuerySchema,
      },
      async (c, { query }) => {
        const reachable = await reachableCompanies(c);
        if (query.IdContratista) {
          const workers = await contractorWorkers(c, (rut) => rut === query.IdContratista && reachable(rut));
          const data = workers.map((row) => ({ Rut: row.RunPersona, Nombre: personName(row), RutContratista: row.RutContratista }));
          return { statusCode: 200 as const, data };
        }
        const users = await enabledUsers(c.get('deps').db, c.get('session').company)
          .select('usuarios.IdContratista')
          .where('usuarios.Tipo', '=', 'contratista')
          .execute();
        const data = users.flatMap(({ IdContratista: rut, ...row }) =>
          rut && reachable(rut) ? [{ Rut: row.RunPersona, Nombre: personName(row), RutContratista: rut }] : [],
        );
        return { statusCode: 200 as const, data };
      },
    ),
  );

/** A contractor catalogue's active rows as `{ value, label }` (the processes and the activities of a contract). */
const catalogueOptions = (name: 'procesos' | 'actividades', table: 'procesos_faena' | 'actividades_contrato', summary: string) =>
  readRoute(list(name), { tags, summary: `${summary}: { statusCode, data: [{ value, label }] }`, answer: CatalogueOptionsAnswer, access: can('index') }, async (c) => {
    const { db, records } = c.get('deps');
    const rows = await records[table].listActive(db, c.get('session').company, c.get('session').viewer);
    return { statusCode: 200 as const, data: rows.map((row) => ({ value: row.Id, label: row.Info })) };
  });

/**
 * The active vehicles or machines of ?IdContratista and &Subcontratistas (of every active contractor without them),
 * within the reader's reach, as the contract names them: `{ IdActivo, Nombre, RutContratista }`.
 */
const assetOptions = (table: 'vehiculos' | 'equipos', noun: string) =>
  readRoute(
    list(table),
    {
      tags,
      summary:
        `${noun} activos de ?IdContratista y de las &Subcontratistas=RUT,RUT indicadas (sin ellas, de toda empresa contratista activa); ` +
        'un contratista, solo los suyos y los de sus subcontratistas: { statusCode, data: [{ IdActivo, Nombre, RutContratista }] }',
      answer: ContractAssetsAnswer,
      access: can('index'),
      query: ContractWorkersQuerySchema,
    },
    async (c, { query }) => {
      const { db, records } = c.get('deps');
      const reachable = await reachableCompanies(c);
      const asked = new Set([query.IdContratista, ...query.Subcontratistas].filter(Boolean));
      const named = (rut: string) => rut !== '' && reachable(rut) && (asked.size === 0 || asked.has(rut));
      // Read as the company, as the workers are: `named` applies the reader's reach.
      const rows = await records[table].listActive(db, c.get('session').company, { kind: 'empresa' });
      const entity = ENTITIES[table];
      const data = rows
        .filter((row) => named(row.RutContratista))
        .map((row) => ({
          IdActivo: String(row[entity.id as keyof typeof row]),
          Nombre: entity.displayName(row as never),
          RutContratista: row.RutContratista,
        }));
      return { statusCode: 200 as const, data: byName(data) };
    },
  );

/** The contract form's lists (spec: /contrato/listas/{subempresas|procesos|administradores|…}/{emp}). */
export const contratoListasRoutes = contractorLists
  .route('/', assetOptions('vehiculos', 'Vehículos'))
  .route('/', assetOptions('equipos', 'Equipos'))
  .route('/', catalogueOptions('procesos', 'procesos_faena', 'Procesos de faena activos'))
  .route('/', catalogueOptions('actividades', 'actividades_contrato', 'Actividades de contrato activas'))
  .route(
    '/',
    readRoute(
      list('administradores'),
      {
        tags,
        summary:
          'Usuarios habilitados de la empresa que pueden administrar un contrato; solo para usuarios de la empresa: ' +
          '{ statusCode, data: [{ Rut, Nombre }] }',
        answer: AdministradoresAnswer,
        // The mandante's staff with their RUTs: a contractor's or client's user never picks the administrator.
        access: [can('index'), companyUsersOnly],
      },
      async (c) => {
        const users = await enabledUsers(c.get('deps').db, c.get('session').company).where('usuarios.Tipo', '=', 'empresa').execute();
        return { statusCode: 200 as const, data: users.map((row) => ({ Rut: row.RunPersona, Nombre: personName(row) })) };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      list('mascaras'),
      { tags, summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data: [{ TipoNv, Nombre }] }', answer: MasksAnswer, access: can('index') },
      async (c) => ({ statusCode: 200 as const, data: await listMasks(c.get('deps').db, c.get('session').company) }),
    ),
  )
  .route(
    '/',
    readRoute(
      list('filtros'),
      {
        tags,
        summary: 'Opciones de los filtros de la lista de contratos: contratistas y faenas con contratos: { statusCode, data: { contratistas, nv2 } }',
        answer: ContratoFiltrosAnswer,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const levels = records.niveles.listActive(db, company, viewer);
        const [contracts, companies, nv2] = await Promise.all([visibleContracts(c), contractorCompanies(c), levels]);
        const names = new Map(companies.map((row) => [row.Rut, row.Nombre]));
        const ruts = [...new Set(contracts.map((row) => row.RutContratista))];
        const sites = new Set(contracts.flatMap(contractWorksites));
        return {
          statusCode: 200 as const,
          data: {
            contratistas: byName(ruts.map((rut) => ({ Rut: rut, Nombre: names.get(rut) ?? rut }))),
            nv2: nv2.filter((level) => level.TipoNivel === 2 && sites.has(level.IdNivel)),
          },
        };
      },
    ),
  );
