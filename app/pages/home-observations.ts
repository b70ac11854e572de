import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { Dexie } from 'dexie';
import { serverSettledDay } from '#app/data/follow-up-queries.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

const QUEUED_PREFIX = recordKeyOf('observaciones', '');

/**
 * The person's observations that may still be open, from indexes only: those they must answer (IdResponsable) and
 * those of inspections they carried out (IdSupervisor), minus those known approved. A green one whose deadline the
 * server had judged at the last sync is approved (had it not been, the overdue rule would have made it red: SPEC
 * OV1, OV2), unless a queued write keeps the device's copy from being pulled (PL3).
 */
async function possiblyOpenIds(db: AppDb, userId: number): Promise<string[]> {
  const settled = await serverSettledDay(db);
  const [answerable, supervised, green, judged, queued] = await Promise.all([
    db.observaciones.where('IdResponsable').equals(userId).primaryKeys(),
    db.inspecciones.where('IdSupervisor').equals(userId).primaryKeys(),
    db.observaciones.where('[SemaforoObs+Fecha]').between([1, Dexie.minKey], [1, Dexie.maxKey], true, true).primaryKeys(),
    settled === null ? [] : db.observaciones.where('Plazo').below(settled).primaryKeys(),
    db.outbox.where('recordKey').startsWith(QUEUED_PREFIX).keys(),
  ]);
  const raised = supervised.length === 0 ? [] : await db.observaciones.where('IdEvaluacion').anyOf(supervised).primaryKeys();
  const held = new Set((queued as string[]).map((key) => key.slice(QUEUED_PREFIX.length)));
  const judgedIds = new Set(judged);
  const approved = new Set(green.filter((id) => judgedIds.has(id) && !held.has(id)));
  return [...new Set([...answerable, ...raised])].filter((id) => !approved.has(id));
}

function byDeadline(a: LocalObservacion, b: LocalObservacion): number {
  if (a.Plazo !== b.Plazo) return a.Plazo === null ? 1 : b.Plazo === null ? -1 : a.Plazo.localeCompare(b.Plazo);
  return b.Fecha.localeCompare(a.Fecha) || a.IdObservacion.localeCompare(b.IdObservacion);
}

/**
 * The person's observations still open on this device (not approved): those they must answer (IdResponsable) and
 * those raised in inspections they carried out (IdSupervisor); the nearest deadline first, those without one last.
 * Only the person's rows are read: the home screen stays cheap on a device holding thousands of others'.
 */
export async function personOpenObservations(db: AppDb, userId: number): Promise<LocalObservacion[]> {
  const rows = await db.observaciones.bulkGet(await possiblyOpenIds(db, userId));
  return rows.filter((row): row is LocalObservacion => row !== undefined && row.Estado === 1 && row.Aprobada === 0).sort(byDeadline);
}

export function usePersonOpenObservations(userId: number): LocalObservacion[] | undefined {
  return useDbQuery((db) => personOpenObservations(db, userId), [userId]);
}
