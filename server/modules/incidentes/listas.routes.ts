import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { DEFAULT_RISK_MATRIX } from '#sync/domain/risk-matrix.ts';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { validate } from '#server/http/validation.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { personName } from '#sync/domain/person-name.ts';

/** Ley 16.744 (art. 27 and following): what an accident may leave, from temporary incapacity to death. */
const GRADOS_INVALIDEZ = [
  { Id: 'incapacidad_temporal', Info: 'Incapacidad temporal' },
  { Id: 'invalidez_parcial', Info: 'Invalidez parcial (15% a menos de 70%)' },
  { Id: 'invalidez_total', Info: 'Invalidez total (70% o más)' },
  { Id: 'gran_invalidez', Info: 'Gran invalidez' },
  { Id: 'muerte', Info: 'Muerte' },
];

type ListContext = Context<AppEnv>;

const catalogue = (table: AccidentCatalogueTable) => async (c: ListContext) => {
  const { db, records } = c.get('deps');
  const { company, viewer } = c.get('session');
  return records[table].listActive(db, company, viewer);
};

async function users(c: ListContext) {
  const rows = await c
    .get('deps')
    .db.selectFrom('usuarios')
    .select(['IdUsuario', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'Tipo'])
    .where('IdEmpresa', '=', c.get('session').company)
    .where('Habilitado', '=', 1)
    .orderBy('ApellidoPaterno')
    .orderBy('Nombres')
    .execute();
  return rows.map((row) => ({ IdUsuario: row.IdUsuario, Nombre: personName(row), Tipo: row.Tipo }));
}

/** Each list of the spec's `listas/{lista}/{company}` and where it comes from. */
const LISTS: Record<string, (c: ListContext) => Promise<unknown>> = {
  lista_matriz: async () => DEFAULT_RISK_MATRIX,
  lista_evaluacion_riesgo: async () => ({ Probabilidades: DEFAULT_RISK_MATRIX.Probabilidades, Consecuencias: DEFAULT_RISK_MATRIX.Consecuencias }),
  lista_grado_invalidez: async () => GRADOS_INVALIDEZ,
  lista_tipo_evento: catalogue('tipos_evento'),
  lista_agente_evento: catalogue('agentes_evento'),
  lista_riesgo_especifico: catalogue('riesgos_especificos'),
  lista_tipo_lesion: catalogue('tipos_lesion'),
  lista_parte_cuerpo: catalogue('partes_cuerpo'),
  lista_causas_basicas: catalogue('causas_basicas'),
  lista_falta_control: catalogue('faltas_control'),
  lista_causas_inmediatas: async (c) => [
    ...(await catalogue('actos_subestandares')(c)).map((row) => ({ ...row, Tipo: 'acto' })),
    ...(await catalogue('condiciones_subestandares')(c)).map((row) => ({ ...row, Tipo: 'condicion' })),
  ],
  lista_personas: async (c) => {
    const { db, records } = c.get('deps');
    const { company, viewer } = c.get('session');
    const workers = viewer.kind === 'cliente' ? [] : await records.trabajadores.listActive(db, company, viewer);
    return workers.map(({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, RutContratista }) => ({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, RutContratista }));
  },
  lista_responsables: users,
  lista_investigadores: users,
};

const CompanyPath = v.object({ company: v.string() });
/** lista_personas takes IdUsuario and IdEvaluacion (spec); the roster does not depend on them: accepted and ignored. */
const ListQuery = v.object({ IdUsuario: v.optional(v.string()), IdEvaluacion: v.optional(v.string()) });

/** One call per list, as the spec names them: `listas/lista_tipo_evento/{company}`. */
export const listasRoutes = Object.entries(LISTS).reduce(
  (routes, [name, read]) =>
    routes.get(
      `/listas/${name}/:company`,
      describeRoute({ tags: ['accidentes'], security: [{ bearerAuth: [] }], summary: `Lista ${name} del formulario de accidentes: { statusCode, data }` }),
      validate('param', CompanyPath),
      requireOwnCompany,
      permissionsOf(incidenteEntity.permission)('index'),
      validate('query', ListQuery),
      async (c) => c.json({ statusCode: 200, data: await read(c) }),
    ),
  new Hono<AppEnv>().use(requireSession),
);
