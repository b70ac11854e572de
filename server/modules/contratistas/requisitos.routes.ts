import { Hono } from 'hono';
import * as v from 'valibot';
import {
  APLICACION_LABELS,
  FRECUENCIA_LABELS,
  MODULOS_REQUISITO,
  PERIODOS_MESES,
  REQUISITOS_MESSAGES,
  type Requisito,
  requisitoEntity,
  requisitoProblem,
  TIPOS_REQUISITO,
  UNIDADES_EVALUACION,
} from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { syncContractsAsking } from './contract-documents.ts';

const Option = v.object({ value: v.union([v.string(), v.number()]), label: v.string() });
const OptionsAnswer = v.object({ statusCode: v.literal(200), data: v.array(Option) });
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const same = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The requirement form's lists (spec: /contrato/listas/{aplicacion|clasificaciones|frecuencia|…}/{emp}). */
const STATIC_LISTS: Record<string, () => { value: string | number; label: string }[]> = {
  aplicacion: () => options(APLICACION_LABELS),
  frecuencia: () => options(FRECUENCIA_LABELS),
  tipo_requisito: () => same(TIPOS_REQUISITO),
  unidad_evaluacion: () => same(UNIDADES_EVALUACION),
  periodo: () => PERIODOS_MESES.map((months) => ({ value: months, label: months === 0 ? 'No vence' : `${months} ${months === 1 ? 'mes' : 'meses'}` })),
  modulo: () => same(MODULOS_REQUISITO),
};

const can = permissionsOf(requisitoEntity.permission);

/** A requirement's own rules; a change reaches the documents of every contract that asks it. */
export const requisitoRules: RecordRules<Requisito> = {
  unique: [{ fields: ['Nombre'], message: REQUISITOS_MESSAGES.duplicate, code: 'REQUISITO_DUPLICADO' }],
  check: async (_ctx, _db, row) => {
    const problem = requisitoProblem(row);
    if (problem) throw new HttpError(400, problem, 'REQUISITO_INVALIDO');
  },
  written: (ctx, db, row) => syncContractsAsking(ctx, db, row.IdRequisito),
};

const listRoutes = Object.entries(STATIC_LISTS).reduce(
  (routes, [name, list]) =>
    routes.route(
      '/',
      readRoute(`/contrato/listas/${name}/:company`, { tags: ['requisitos'], summary: `Opciones de ${name} del requisito: { statusCode, data: [{ value, label }] }`, answer: OptionsAnswer, access: can('index') }, async () => ({
        statusCode: 200 as const,
        data: list(),
      })),
    ),
  new Hono<AppEnv>().use(requireSession),
);

/** Requirement rules on the record kit, and the lists of their form. */
export const requisitosRoutes = new Hono<AppEnv>()
  .route(
    '/',
    listRoutes.route(
      '/',
      readRoute(
        '/contrato/listas/clasificaciones/:company',
        { tags: ['requisitos'], summary: 'Clasificaciones de la empresa: { statusCode, data: [{ value, label }] }', answer: OptionsAnswer, access: can('index') },
        async (c) => {
          const rows = await c.get('deps').records.clasificaciones_contrato.listActive(c.get('deps').db, c.get('session').company, { kind: 'empresa' });
          return { statusCode: 200 as const, data: rows.map((row) => ({ value: row.Id, label: row.Info })) };
        },
      ),
    ),
  )
  .route(
    '/',
    recordRoutes(requisitoEntity, { rules: requisitoRules }),
  );
