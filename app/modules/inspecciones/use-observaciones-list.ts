import { reviewState } from '#sync/domain/review-state.ts';
import type { Semaforo } from '#sync/domain/traffic-light.ts';
import { Dexie } from 'dexie';
import {
  type DateRange,
  type FollowUpFilters,
  hasInspectionFilters,
  matchingInspectionIds,
  observationIdsWithLight,
  queryRange,
  serverSettledDay,
} from '#app/data/follow-up-queries.ts';
import { WINDOW_BLOCK } from '#app/data/use-follow-up-list.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** Reading row by row costs a request each: above this many, reading whole light ranges is faster. */
const BULK_GET_LIMIT = 400;

async function readRows(db: AppDb, ids: string[], range: DateRange): Promise<Map<string, LocalObservacion>> {
  const found = new Map<string, LocalObservacion>();
  const wanted = new Set(ids);
  if (ids.length > BULK_GET_LIMIT) {
    // Open observations are mostly stored yellow or red: two range reads instead of thousands of single ones.
    for (const light of [2, 3]) {
      const rows = await db.observaciones
        .where('[SemaforoObs+Fecha]')
        .between([light, range.desde ?? Dexie.minKey], [light, range.hasta ?? Dexie.maxKey], true, true)
        .toArray();
      for (const row of rows) if (wanted.has(row.IdObservacion)) found.set(row.IdObservacion, row);
    }
  }
  const rest = ids.filter((id) => !found.has(id));
  for (const row of await db.observaciones.bulkGet(rest)) if (row) found.set(row.IdObservacion, row);
  return found;
}

/**
 * Observations approved for sure without reading them: stored green with a deadline the server had judged at the
 * last sync. Had one not been approved, the overdue rule would have made it red (SPEC OV1, OV2).
 */
async function approvedByIndex(db: AppDb, range: DateRange): Promise<Set<string>> {
  const settled = await serverSettledDay(db);
  if (settled === null) return new Set();
  const [green, judged] = await Promise.all([
    db.observaciones
      .where('[SemaforoObs+Fecha]')
      .between([1, range.desde ?? Dexie.minKey], [1, range.hasta ?? Dexie.maxKey], true, true)
      .primaryKeys(),
    db.observaciones.where('Plazo').below(settled).primaryKeys(),
  ]);
  const before = new Set(judged);
  return new Set(green.filter((id) => before.has(id)));
}

/**
 * Ids of the matching active observations, newest inspection date first. The date range, the inspection-level
 * filters (type, template, levels, contractor) and the light (with the overdue rule) are answered by indexes; the
 * state needs the rows, so only the candidates left by the other filters are read.
 */
export async function matchingObservationIds(db: AppDb, filters: FollowUpFilters, today: string): Promise<string[]> {
  const range = queryRange(filters);
  const base =
    range.desde || range.hasta
      ? db.observaciones
          .where('Fecha')
          .between(range.desde ?? Dexie.minKey, range.hasta ?? Dexie.maxKey, true, true)
          .reverse()
          .primaryKeys()
      : db.observaciones.orderBy('Fecha').reverse().primaryKeys();
  const narrowing: Promise<Set<string>>[] = [];
  if (hasInspectionFilters(filters)) {
    narrowing.push(
      matchingInspectionIds(db, { ...filters, semaforo: '', estado: '' }, today)
        .then((inspections) => db.observaciones.where('IdEvaluacion').anyOf(inspections).primaryKeys())
        .then((keys) => new Set(keys)),
    );
  }
  if (filters.semaforo) narrowing.push(observationIdsWithLight(db, Number(filters.semaforo) as Semaforo, range, today));
  if (filters.estado === 'aprobada') {
    // Approving turns the light green (SPEC OV2): only those stored green can be approved.
    const green = db.observaciones
      .where('[SemaforoObs+Fecha]')
      .between([1, range.desde ?? Dexie.minKey], [1, range.hasta ?? Dexie.maxKey], true, true);
    narrowing.push(green.primaryKeys().then((keys) => new Set(keys)));
  }
  if (filters.estado === 'vencida')
    narrowing.push(
      db.observaciones
        .where('Plazo')
        .below(today)
        .primaryKeys()
        .then((keys) => new Set(keys)),
    );
  const [ids, ...sets] = await Promise.all([base, ...narrowing]);
  sets.sort((a, b) => a.size - b.size);
  const narrowed = sets.length === 0 ? ids : ids.filter((id) => sets.every((set) => set.has(id)));
  if (!filters.estado) return narrowed;
  const approved = await approvedByIndex(db, range);
  // Those need no read: they are the answer for "aprobada" and out of the others.
  const rows = await readRows(
    db,
    narrowed.filter((id) => !approved.has(id)),
    range,
  );
  return narrowed.filter((id) => {
    if (approved.has(id)) return filters.estado === 'aprobada';
    const row = rows.get(id);
    return row !== undefined && row.Estado === 1 && reviewState(row, today) === filters.estado;
  });
}

export interface ObservationWindow {
  start: number;
  rows: (LocalObservacion | undefined)[];
}

export interface ObservationList {
  ids: string[];
  /** The first block, read with the ids: the list shows rows as soon as it knows which. */
  head: ObservationWindow;
}

export async function observationList(db: AppDb, filters: FollowUpFilters, today: string): Promise<ObservationList> {
  const ids = await matchingObservationIds(db, filters, today);
  return { ids, head: { start: 0, rows: await db.observaciones.bulkGet(ids.slice(0, WINDOW_BLOCK)) } };
}

export function useObservationList(filters: FollowUpFilters, today: string): ObservationList | undefined {
  return useDbQuery(
    (db) => observationList(db, filters, today),
    [
      filters.tipo,
      filters.formulario,
      filters.desde,
      filters.hasta,
      filters.nv2,
      filters.nv3,
      filters.contratista,
      filters.semaforo,
      filters.estado,
      today,
    ],
  );
}

/** The blocks in view once the list goes past its head. */
export function useObservationWindow(ids: string[] | undefined, start: number, end: number): ObservationWindow | undefined {
  return useDbQuery(
    async (db) => (ids && end > WINDOW_BLOCK ? { start, rows: await db.observaciones.bulkGet(ids.slice(start, end)) } : undefined),
    [ids, start, end],
  );
}
