import { requiredEpps } from '#sync/domain/epp-delivery.ts';
import { personName } from '#sync/domain/person-name.ts';
import type { EppAsignacion } from '#sync/schemas/epp-asignaciones.schema.ts';
import type { EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import { type LocalRows, type LocalTrabajador } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export type LocalEppTipo = LocalRows['epp_tipos'];

/** The names the EPP screens show beside ids: items, positions, workers and economic activities on this device. */
export interface EppLookups {
  tipos: LocalEppTipo[];
  tipoById: ReadonlyMap<string, LocalEppTipo>;
  cargoNames: ReadonlyMap<string, string>;
  workerNames: ReadonlyMap<string, string>;
  activityNames: ReadonlyMap<string, string>;
  cargos: { IdCargo: string; NombreCargo: string }[];
  activities: { IdActividadEconomica: string; label: string }[];
}

export function useEppLookups(): EppLookups | undefined {
  return useDbQuery(async (db) => {
    const [tipos, cargos, workers, activities] = await Promise.all([
      db.epp_tipos.orderBy('orden').toArray(),
      db.cargos.orderBy('orden').toArray(),
      db.trabajadores.toArray(),
      db.actividades_economicas.orderBy('orden').toArray(),
    ]);
    return {
      tipos,
      tipoById: new Map(tipos.map((tipo) => [tipo.IdEpp, tipo])),
      cargoNames: new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo])),
      workerNames: new Map(workers.map((worker) => [worker.IdPersona, personName(worker)])),
      activityNames: new Map(activities.map((activity) => [activity.IdActividadEconomica, `${activity.Codigo} ${activity.Nombre}`])),
      cargos: cargos.map(({ IdCargo, NombreCargo }) => ({ IdCargo, NombreCargo })),
      activities: activities.map((activity) => ({ IdActividadEconomica: activity.IdActividadEconomica, label: `${activity.Codigo} ${activity.Nombre}` })),
    };
  }, []);
}

/** Every active assignment on this device: what each position and worker must hold. */
export function useAssignments(): EppAsignacion[] | undefined {
  return useDbQuery((db) => db.epp_asignaciones.toArray(), []);
}

/** The EPP proposed for a worker: their positions' assignments plus their own (spec "Assignment"). */
export function proposedFor(worker: Pick<LocalTrabajador, 'IdPersona' | 'cargos'>, assignments: readonly EppAsignacion[], tipoById: ReadonlyMap<string, LocalEppTipo>): LocalEppTipo[] {
  return requiredEpps(assignments, worker).flatMap((id) => tipoById.get(id) ?? []);
}

/** Crew deliveries in progress on this device, the most recently changed first. */
export function useOpenCrewDrafts(): EppDeliveryDraft[] | undefined {
  return useDbQuery(async (db) => (await db.borradoresEpp.where('estado').equals('abierta').toArray()).sort((a, b) => b.actualizadoEn - a.actualizadoEn), []);
}

export function useCrewDraft(id: string | undefined): EppDeliveryDraft | null | undefined {
  return useDbQuery(async (db) => (id ? ((await db.borradoresEpp.get(id)) ?? null) : null), [id]);
}
