import { describeRoute } from 'hono-openapi';
import { CATEGORIAS_CAPACITACION, TIPOS_CAPACITACION_MESSAGES, tipoCapacitacionEntity } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import type * as v from 'valibot';
import { CategoriasAnswer } from '#sync/schemas/capacitaciones-answers.schema.ts';
import { answers } from '#server/http/api-answers.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { permit } from '#server/tenancy/permit.ts';

/** Training types on the record kit (spec: tipos?idEmpresa, tipos/{id}, POST and PUT tipos, DELETE tipos/{id}). */
export const tiposRoutes = recordRoutes(tipoCapacitacionEntity, {
  rules: { unique: [{ fields: ['Nombre'], message: TIPOS_CAPACITACION_MESSAGES.duplicate, code: 'TIPO_CAPACITACION_DUPLICADO' }] },
  summaries: { list: 'Tipos de capacitación activos de la empresa del token (?idEmpresa se acepta y se ignora: manda el token): { statusCode, data }' },
}).get(
  '/categorias',
  describeRoute({
    tags: ['tipos_capacitacion'],
    security: [{ bearerAuth: [] }],
    summary: 'Categorías de los tipos de capacitación: { statusCode, data: [{ IdCategoria, Nombre }] }',
    responses: answers(CategoriasAnswer, 'Categorías de los tipos de capacitación'),
  }),
  permit(['/capacitaciones/tipos', '/capacitaciones/creadas', '/capacitaciones/programa'], 'index'),
  (c) => c.json({ statusCode: 200, data: [...CATEGORIAS_CAPACITACION] } satisfies v.InferOutput<typeof CategoriasAnswer>),
);
