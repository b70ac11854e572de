import type { Context } from 'hono';
import * as v from 'valibot';
import { DeviceScopeQueryEntries } from '#sync/records/worksites.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { rowsForQuery } from '#server/tenancy/record-worksites.ts';
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
  ...DeviceScopeQueryEntries,
});

/** Both follow-up lists: the overdue rule first (SPEC OV1), then the rows the viewer may see (OV4). */
export async function answerFollowUpList<Row extends Record<string, unknown>>(
  c: Context<AppEnv>,
  entity: AnyEntity,
  filters: v.InferOutput<typeof InspectionListQuery>,
  list: (db: Db, company: string, viewer: Viewer, filters: SeguimientoQuery) => Promise<Row[]>,
) {
  const { db, now } = c.get('deps');
  const session = c.get('session');
  await applyOverdueLightsToday(db, now(), session.company);
  const rows = await list(db, session.company, viewerOf(c), filters);
  return c.json({ statusCode: 200, data: await rowsForQuery(db, session, entity, rows, filters) });
}
