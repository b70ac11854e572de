import type { FollowUpFilters } from '#app/data/follow-up-queries.ts';
import { matchingInspectionIds } from '#app/data/follow-up-queries.ts';
import { WINDOW_BLOCK } from '#app/data/use-follow-up-list.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { InspectionDraft, LocalInspeccion } from '#app/db/inspection-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface InspectionWindow {
  start: number;
  rows: (LocalInspeccion | undefined)[];
  /** Observations not yet approved, by IdEvaluacion (absent: none). */
  openObservations: Map<string, number>;
}

/** The rows of one window of the list, read by key, with the count of their open observations. */
export async function inspectionWindow(db: AppDb, ids: readonly string[], start: number, end: number): Promise<InspectionWindow> {
  const keys = ids.slice(start, end);
  const [rows, observations] = await Promise.all([
    db.inspecciones.bulkGet(keys),
    db.observaciones.where('IdEvaluacion').anyOf(keys).toArray(),
  ]);
  const openObservations = new Map<string, number>();
  for (const observation of observations) {
    if (observation.Estado !== 1 || observation.Aprobada === 1) continue;
    openObservations.set(observation.IdEvaluacion, (openObservations.get(observation.IdEvaluacion) ?? 0) + 1);
  }
  return { start, rows, openObservations };
}

export interface InspectionList {
  ids: string[];
  /** The first block, read with the ids: the list shows rows as soon as it knows which. */
  head: InspectionWindow;
}

export async function inspectionList(db: AppDb, filters: FollowUpFilters, today: string): Promise<InspectionList> {
  const ids = await matchingInspectionIds(db, filters, today);
  return { ids, head: await inspectionWindow(db, ids, 0, WINDOW_BLOCK) };
}

export function useInspectionList(filters: FollowUpFilters, today: string): InspectionList | undefined {
  return useDbQuery(
    (db) => inspectionList(db, filters, today),
    [
      filters.tipo,
      filters.formulario,
      filters.desde,
      filters.hasta,
      filters.nv2,
      filters.nv3,
      filters.contratista,
      filters.semaforo,
      today,
    ],
  );
}

/** The blocks in view once the list goes past its head (scrolled, or a screen taller than the head). */
export function useInspectionWindow(ids: string[] | undefined, start: number, end: number): InspectionWindow | undefined {
  return useDbQuery(async (db) => (ids && end > WINDOW_BLOCK ? inspectionWindow(db, ids, start, end) : undefined), [ids, start, end]);
}

/** Inspections being filled on this device, the most recently touched first. */
export async function openDrafts(db: AppDb): Promise<InspectionDraft[]> {
  const drafts = await db.borradores.where('estado').equals('abierta').toArray();
  return drafts.sort((a, b) => b.actualizadoEn - a.actualizadoEn);
}

export function useOpenDrafts(): InspectionDraft[] | undefined {
  return useDbQuery((db) => openDrafts(db), []);
}
