import type { Clasificacion } from '#sync/domain/incident-form.ts';
import type { IncidentDraft, LocalIncidente, LocalMedida } from '#app/db/incident-rows.ts';
import { fold } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface IncidentFilters {
  search: string;
  clasificacion: '' | Clasificacion;
  estado: '' | '1' | '2';
}

export const NO_INCIDENT_FILTERS: IncidentFilters = { search: '', clasificacion: '', estado: '' };

function matches(row: LocalIncidente, filters: IncidentFilters, words: string[]): boolean {
  if (filters.clasificacion && row.Clasificacion !== filters.clasificacion) return false;
  if (filters.estado && row.Estado !== Number(filters.estado)) return false;
  if (words.length === 0) return true;
  const text = fold([row.IdAccidente, row.Lugar, row.NombreAccidentado, row.Rut].join(' '));
  return words.every((word) => text.includes(word));
}

/** The cases on this device that match, the most recent accident first; undefined while read. */
export function useIncidentList(filters: IncidentFilters): LocalIncidente[] | undefined {
  return useDbQuery(
    async (db) => {
      const words = fold(filters.search).split(/\s+/).filter(Boolean);
      const rows = await db.incidentes.orderBy('FechaOcurrencia').reverse().toArray();
      return rows.filter((row) => matches(row, filters, words)).sort((a, b) => b.FechaOcurrencia.localeCompare(a.FechaOcurrencia) || b.HoraOcurrencia.localeCompare(a.HoraOcurrencia));
    },
    [filters.search, filters.clasificacion, filters.estado],
  );
}

/** Reports still being written on this device, the most recently changed first. */
export function useOpenReportDrafts(): IncidentDraft[] | undefined {
  return useDbQuery(async (db) => (await db.borradores_incidentes.where('estado').equals('abierta').toArray()).sort((a, b) => b.actualizadoEn - a.actualizadoEn), []);
}

/** A report draft, live; null when the device has none with that id. */
export function useReportDraft(id: string): IncidentDraft | null | undefined {
  return useDbQuery(async (db) => (await db.borradores_incidentes.get(id)) ?? null, [id]);
}

/** The case's live measures on this device, in the order they were written. */
export function useCaseMeasures(id: string): LocalMedida[] | undefined {
  return useDbQuery(async (db) => (await db.medidas_control.where('IdEvaluacion').equals(id).toArray()).filter((measure) => measure.Estado === 1).sort((a, b) => a.CreadoEn.localeCompare(b.CreadoEn)), [id]);
}
