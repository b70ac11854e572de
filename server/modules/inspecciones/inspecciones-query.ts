import * as v from 'valibot';
import { SeguimientoQuerySchema } from '#sync/schemas/inspecciones.schema.ts';

/**
 * The follow-up filters, plus the spec's own list parameters (idEmpresa, TipoEmpresa, ClienteUsuario): accepted and
 * ignored, because the company and the contractor or client limit come from the token, never from the query.
 */
export const InspectionListQuery = v.object({
  ...SeguimientoQuerySchema.entries,
  idEmpresa: v.optional(v.string()),
  TipoEmpresa: v.optional(v.string()),
  ClienteUsuario: v.optional(v.string()),
});
