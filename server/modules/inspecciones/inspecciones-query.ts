import type { Context } from 'hono';
import * as v from 'valibot';
import { type SeguimientoQuery, SeguimientoQuerySchema } from '#sync/schemas/inspecciones.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { type Viewer, viewerOf } from '#server/tenancy/viewer.ts';
import { applyOverdueLightsToday } from './overdue-lights.ts';

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

/** Both follow-up lists: the overdue rule first (SPEC OV1), then the rows the viewer may see (OV4). */
export async function answerFollowUpList<Row>(
  c: Context<AppEnv>,
  filters: SeguimientoQuery,
  list: (db: Db, company: string, viewer: Viewer, filters: SeguimientoQuery) => Promise<Row[]>,
) {
  const { db, now } = c.get('deps');
  const company = c.get('session').company;
  await applyOverdueLightsToday(db, now(), company);
  return c.json({ statusCode: 200, data: await list(db, company, viewerOf(c), filters) });
}
