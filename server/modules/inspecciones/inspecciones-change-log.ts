import type { Correccion } from '#sync/schemas/inspecciones-correccion.schema.ts';
import type { Inspeccion } from '#sync/schemas/inspecciones.schema.ts';
import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import { partiesAudience, recordChange } from '#server/sync/change-log.repo.ts';

export const INSPECTIONS_TABLE = 'inspecciones';
export const OBSERVATIONS_TABLE = 'observaciones';

/**
 * Inspections and observations travel to company users, to the contractor and to the client they name (SPEC
 * PL7): an upsert carries the row exactly as the API answers it; a deletion is a tombstone (SPEC OV3). A corrected
 * inspection also carries its corrections, so the PDF a device draws offline says it was corrected.
 */
export async function logInspection(db: Db, row: Inspeccion & { Correcciones?: Correccion[] }, now: Date, op: 'upsert' | 'delete' = 'upsert'): Promise<void> {
  const audience = partiesAudience(row.RutContratista, row.IdCliente);
  const base = { company: row.IdEmpresa, table: INSPECTIONS_TABLE, id: row.IdEvaluacion, audience };
  await recordChange(db, op === 'upsert' ? { ...base, op, row } : { ...base, op }, now);
}

export async function logObservation(db: Db, row: Observacion, now: Date, op: 'upsert' | 'delete' = 'upsert'): Promise<void> {
  const audience = partiesAudience(row.RutContratista, row.IdCliente);
  const base = { company: row.IdEmpresa, table: OBSERVATIONS_TABLE, id: row.IdObservacion, audience };
  await recordChange(db, op === 'upsert' ? { ...base, op, row } : { ...base, op }, now);
}
