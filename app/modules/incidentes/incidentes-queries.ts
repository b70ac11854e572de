import type { Clasificacion } from '#sync/domain/incident-form.ts';
import { isClasificacion } from '#sync/domain/incident-rules.ts';
import { diatClock } from '#sync/domain/legal-clock.ts';
import { awaitsReview } from '#sync/domain/review-state.ts';
import type { IncidentDraft, LocalIncidente, LocalMedida } from '#app/db/incident-rows.ts';
import { fold } from '#app/db/reference-rows.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** What a case may be waiting for: its DIAT (SPEC IC3) or the review of an answered control measure (IC5). */
export const PENDING_CASE_FILTERS = { diat: 'DIAT por presentar', medidas: 'Medidas por aprobar' } as const;
export type PendingCaseFilter = keyof typeof PENDING_CASE_FILTERS;

export function isPendingCaseFilter(value: string | null): value is PendingCaseFilter {
  return value !== null && Object.hasOwn(PENDING_CASE_FILTERS, value);
}

export interface IncidentFilters {
  search: string;
  clasificacion: '' | Clasificacion;
  estado: '' | '1' | '2';
  pendiente: '' | PendingCaseFilter;
}

export const NO_INCIDENT_FILTERS: IncidentFilters = { search: '', clasificacion: '', estado: '', pendiente: '' };

/** SPEC IC3: an open case whose DIAT clock runs and is not filed yet: when its 24 hours end (epoch ms); else null. */
export function pendingDiatDeadline(incident: LocalIncidente, now: number): number | null {
  if (incident.Estado !== 1) return null;
  const clock = diatClock({ ...incident, Clasificacion: isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null }, now);
  return clock.applies && !clock.filed ? clock.deadline : null;
}

/** The cases with a live control measure whose answer waits for review; a device holds few measures: read whole. */
export async function casesWithMeasuresToReview(db: AppDb, today: string): Promise<Set<string>> {
  const measures = await db.medidas_control.toArray();
  return new Set(measures.filter((measure) => awaitsReview(measure, today)).map((measure) => measure.IdEvaluacion));
}

function matches(row: LocalIncidente, filters: IncidentFilters, words: string[], toReview: ReadonlySet<string>, now: number): boolean {
  if (filters.clasificacion && row.Clasificacion !== filters.clasificacion) return false;
  if (filters.estado && row.Estado !== Number(filters.estado)) return false;
  if (filters.pendiente === 'diat' && pendingDiatDeadline(row, now) === null) return false;
  if (filters.pendiente === 'medidas' && !toReview.has(row.IdEvaluacion)) return false;
  if (words.length === 0) return true;
  const text = fold([row.IdAccidente, row.Lugar, row.NombreAccidentado, row.Rut].join(' '));
  return words.every((word) => text.includes(word));
}

/** The cases on this device that match, the most recent accident first; undefined while read. */
export function useIncidentList(filters: IncidentFilters, today: string): LocalIncidente[] | undefined {
  return useDbQuery(
    async (db) => {
      const words = fold(filters.search).split(/\s+/).filter(Boolean);
      const [rows, toReview] = await Promise.all([
        db.incidentes.orderBy('FechaOcurrencia').reverse().toArray(),
        filters.pendiente === 'medidas' ? casesWithMeasuresToReview(db, today) : new Set<string>(),
      ]);
      const now = Date.now();
      return rows
        .filter((row) => matches(row, filters, words, toReview, now))
        .sort((a, b) => b.FechaOcurrencia.localeCompare(a.FechaOcurrencia) || b.HoraOcurrencia.localeCompare(a.HoraOcurrencia));
    },
    [filters.search, filters.clasificacion, filters.estado, filters.pendiente, today],
  );
}

/** Reports still being written on this device, the most recently changed first. */
export function useOpenReportDrafts(): IncidentDraft[] | undefined {
  return useDbQuery(
    async (db) =>
      (await db.borradores_incidentes.where('estado').equals('abierta').toArray()).sort((a, b) => b.actualizadoEn - a.actualizadoEn),
    [],
  );
}

/** A report draft, live; null when the device has none with that id. */
export function useReportDraft(id: string): IncidentDraft | null | undefined {
  return useDbQuery(async (db) => (await db.borradores_incidentes.get(id)) ?? null, [id]);
}

/** The case's live measures on this device, in the order they were written. */
export function useCaseMeasures(id: string): LocalMedida[] | undefined {
  return useDbQuery(
    async (db) =>
      (await db.medidas_control.where('IdEvaluacion').equals(id).toArray())
        .filter((measure) => measure.Estado === 1)
        .sort((a, b) => a.CreadoEn.localeCompare(b.CreadoEn)),
    [id],
  );
}
