import * as v from 'valibot';

/** One labelled value of an indicator (DashboardPoint in dashboard-filters.schema.ts), as the API describes it. */
export const DashboardPointSchema = v.object({
  Nombre: v.string(),
  Valor: v.number(),
  Valor2: v.optional(v.number()),
  registros: v.optional(v.record(v.string(), v.string())),
});

/**
 * What every dashboard indicator answers (DashboardAnswer): the routes type their answer with this schema, so the
 * interface and the description cannot part ways without the compiler saying so.
 */
export const DashboardAnswerSchema = v.object({
  statusCode: v.literal(200),
  total: v.nullable(v.number()),
  unidad: v.string(),
  unidadValor: v.optional(v.string()),
  data: v.array(DashboardPointSchema),
  series: v.optional(v.pipe(v.array(v.string()), v.length(2))),
  formula: v.optional(v.string()),
  avisos: v.optional(v.array(v.string())),
});

/** The company's names of levels 2, 3 and 4 (Mask in auth.schema.ts). */
export const MaskSchema = v.object({ TipoNv: v.number(), Nombre: v.string() });
