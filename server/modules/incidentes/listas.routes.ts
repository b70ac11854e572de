import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { DEFAULT_RISK_MATRIX } from '#sync/domain/risk-matrix.ts';
import {
  AccidentPersonSchema,
  AccidentUserSchema,
  GradoInvalidezSchema,
  RiskEvaluationSchema,
  RiskMatrixSchema,
} from '#sync/schemas/accidentes-listas.schema.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { ACCIDENT_CATALOGUES, type AccidentCatalogueTable, actosSubestandaresEntity } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import { pickableWorkers } from '#server/records/pick-lists.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
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

/** A list: the schema of its data and how it is read, tied so the read must answer what is documented. */
interface List {
  data: v.GenericSchema;
  read: (c: ListContext) => Promise<unknown>;
}
const list = <Data extends v.GenericSchema>(data: Data, read: (c: ListContext) => Promise<v.InferOutput<Data>>): List => ({ data, read });

const catalogueRows =
  <Table extends AccidentCatalogueTable>(table: Table) =>
  async (c: ListContext) => {
    const { db, records } = c.get('deps');
    const { company, viewer } = c.get('session');
    return records[table].listActive(db, company, viewer);
  };
const catalogue = (table: AccidentCatalogueTable) => list(v.array(ACCIDENT_CATALOGUES[table].schema), catalogueRows(table));

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

const { Probabilidades: weights, Consecuencias: consequences, Rangos: ranges } = DEFAULT_RISK_MATRIX;
const riskEvaluation = async () => ({ Probabilidades: [...weights], Consecuencias: [...consequences] });
const riskMatrix = async () => ({ ...(await riskEvaluation()), Rangos: [...ranges] });
const ImmediateCause = v.object({ ...actosSubestandaresEntity.schema.entries, Tipo: v.picklist(['acto', 'condicion']) });

/** Each list of the spec's `listas/{lista}/{company}` and where it comes from. */
const LISTS: Record<string, List> = {
  // The matrix's lists are read-only constants: copied, as the answer's arrays are plain ones.
  lista_matriz: list(RiskMatrixSchema, riskMatrix),
  lista_evaluacion_riesgo: list(RiskEvaluationSchema, riskEvaluation),
  lista_grado_invalidez: list(v.array(GradoInvalidezSchema), async () => GRADOS_INVALIDEZ),
  lista_tipo_evento: catalogue('tipos_evento'),
  lista_agente_evento: catalogue('agentes_evento'),
  lista_riesgo_especifico: catalogue('riesgos_especificos'),
  lista_tipo_lesion: catalogue('tipos_lesion'),
  lista_parte_cuerpo: catalogue('partes_cuerpo'),
  lista_causas_basicas: catalogue('causas_basicas'),
  lista_falta_control: catalogue('faltas_control'),
  lista_causas_inmediatas: list(v.array(ImmediateCause), async (c) => [
    ...(await catalogueRows('actos_subestandares')(c)).map((row) => ({ ...row, Tipo: 'acto' as const })),
    ...(await catalogueRows('condiciones_subestandares')(c)).map((row) => ({ ...row, Tipo: 'condicion' as const })),
  ]),
  lista_personas: list(v.array(AccidentPersonSchema), async (c) => {
    const workers = await pickableWorkers(c);
    return workers.map(({ IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, RutContratista }) => ({
      IdPersona,
      RunPersona,
      Nombres,
      ApellidoPaterno,
      ApellidoMaterno,
      RutContratista,
    }));
  }),
  lista_responsables: list(v.array(AccidentUserSchema), users),
  lista_investigadores: list(v.array(AccidentUserSchema), users),
};

/** lista_personas takes IdUsuario and IdEvaluacion (spec); the roster does not depend on them: accepted and ignored. */
const ListQuery = v.object({ IdUsuario: v.optional(v.string()), IdEvaluacion: v.optional(v.string()) });

/** One call per list, as the spec names them: `listas/lista_tipo_evento/{company}`. */
export const listasRoutes = Object.entries(LISTS).reduce(
  (routes, [name, { data, read }]) =>
    routes.route(
      '/',
      readRoute(
        `/listas/${name}/:company`,
        {
          tags: ['accidentes'],
          summary: `Lista ${name} del formulario de accidentes: { statusCode, data }`,
          answer: dataAnswer(data),
          access: permissionsOf(incidenteEntity.permission)('index'),
          query: ListQuery,
        },
        async (c) => ({ statusCode: 200, data: await read(c) }),
      ),
    ),
  new Hono<AppEnv>().use(requireSession),
);
