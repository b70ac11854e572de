import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { Dexie } from 'dexie';
import { serverSettledDay } from '#app/data/follow-up-queries.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

const QUEUED_PREFIX = recordKeyOf('observaciones', '');

/**
 * Observations that may still be open, found from indexes without reading the rest: those stored green with a
 * deadline the server had judged at the last sync are approved (had one not been, the overdue rule would have made
 * it red: SPEC OV1, OV2), unless a queued write keeps the device's copy from being pulled (PL3).
 */
async function possiblyOpenIds(db: AppDb): Promise<string[]> {
  const settled = await serverSettledDay(db);
  const [all, green, judged, queued] = await Promise.all([
    db.observaciones.toCollection().primaryKeys(),
    db.observaciones.where('[SemaforoObs+Fecha]').between([1, Dexie.minKey], [1, Dexie.maxKey], true, true).primaryKeys(),
    settled === null ? [] : db.observaciones.where('Plazo').below(settled).primaryKeys(),
    db.outbox.where('recordKey').startsWith(QUEUED_PREFIX).keys(),
  ]);
  const held = new Set((queued as string[]).map((key) => key.slice(QUEUED_PREFIX.length)));
  const judgedIds = new Set(judged);
  const approved = new Set(green.filter((id) => judgedIds.has(id) && !held.has(id)));
  return all.filter((id) => !approved.has(id));
}

function byDeadline(a: LocalObservacion, b: LocalObservacion): number {
  if (a.Plazo !== b.Plazo) return a.Plazo === null ? 1 : b.Plazo === null ? -1 : a.Plazo.localeCompare(b.Plazo);
  return b.Fecha.localeCompare(a.Fecha) || a.IdObservacion.localeCompare(b.IdObservacion);
}

/**
 * The person's observations still open on this device (not approved): those they must answer (IdResponsable) and
 * those raised in inspections they carried out (IdSupervisor); the nearest deadline first, those without one last.
 */
export async function personOpenObservations(db: AppDb, userId: number): Promise<LocalObservacion[]> {
  const open = (await db.observaciones.bulkGet(await possiblyOpenIds(db))).filter(
    (row): row is LocalObservacion => row !== undefined && row.Estado === 1 && row.Aprobada === 0,
  );
  const inspectionIds = [...new Set(open.filter((row) => row.IdResponsable !== userId).map((row) => row.IdEvaluacion))];
  const raised = new Set((await db.inspecciones.bulkGet(inspectionIds)).flatMap((row) => (row?.IdSupervisor === userId ? [row.IdEvaluacion] : [])));
  return open.filter((row) => row.IdResponsable === userId || raised.has(row.IdEvaluacion)).sort(byDeadline);
}

export function usePersonOpenObservations(userId: number): LocalObservacion[] | undefined {
  return useDbQuery((db) => personOpenObservations(db, userId), [userId]);
}
