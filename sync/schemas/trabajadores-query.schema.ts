import * as v from 'valibot';
import { RUT_MESSAGES } from '../domain/rut.ts';
import { TRABAJADORES_MESSAGES } from './trabajadores-messages.ts';
import { MAX_WORKERS_PAGE } from './trabajadores.schema.ts';
import { DeviceScopeQueryEntries } from '../records/worksites.ts';

/** The worker list's filters and paging (spec newtrabajadores2), apart from the worker's own schemas. */

const digitsOnly = (max: number, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, TRABAJADORES_MESSAGES.queryInvalid),
      v.transform(Number),
      v.minValue(1, TRABAJADORES_MESSAGES.queryInvalid),
      v.maxValue(max, TRABAJADORES_MESSAGES.queryInvalid),
    ),
    fallback,
  );
const QueryIdSchema = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.uuid(TRABAJADORES_MESSAGES.queryInvalid)));

/** GET newtrabajadores2/{company}: every filter is optional; a contractor user always sees only their own workers. */
export const TrabajadoresQuerySchema = v.object({
  /** Part of the RUT (with or without dots and dash) or of the names. */
  Buscar: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, TRABAJADORES_MESSAGES.queryInvalid))),
  nv2: QueryIdSchema,
  nv3: QueryIdSchema,
  /** `Faenas=propias` and `Antes`: a field device's download (SPEC PL13, PL15). */
  ...DeviceScopeQueryEntries,
  Cargo: QueryIdSchema,
  RutContratista: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => value === '' || /^[\d.]{7,10}-[\dkK]$/.test(value), RUT_MESSAGES.format),
      v.transform((value) => value.replace(/\./g, '').toUpperCase()),
    ),
  ),
  TipoEmpresa: v.optional(v.pipe(v.picklist(['1', '2'], TRABAJADORES_MESSAGES.companyTypeInvalid), v.transform(Number))),
  /** Accepted for the spec's call shape; client users have no access to workers, so it never widens anything. */
  ClienteUsuario: v.optional(v.string()),
  Pagina: digitsOnly(100_000, '1'),
  PorPagina: digitsOnly(MAX_WORKERS_PAGE, '50'),
});
export type TrabajadoresQuery = v.InferOutput<typeof TrabajadoresQuerySchema>;
