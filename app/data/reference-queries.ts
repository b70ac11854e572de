import type { LevelType } from '#sync/schemas/niveles.schema.ts';
import { Dexie } from 'dexie';
import type { LocalCargo, LocalNivel } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** Active levels of one type, by name. */
export function useNiveles(type: LevelType): LocalNivel[] | undefined {
  return useDbQuery((db) => db.niveles.where('[TipoNivel+orden]').between([type, Dexie.minKey], [type, Dexie.maxKey]).toArray(), [type]);
}

/** Every active level by id, to show names next to references. */
export function useNivelNames(): Map<string, string> | undefined {
  return useDbQuery(async (db) => new Map((await db.niveles.toArray()).map((level) => [level.IdNivel, level.Nombre])), []);
}

export function useCargos(): LocalCargo[] | undefined {
  return useDbQuery((db) => db.cargos.orderBy('orden').toArray(), []);
}

/** `<table>:<id>` of every record with writes still in the outbox (dead ones included): shown as "pendiente". */
export function useQueuedRecordKeys(): Set<string> | undefined {
  return useDbQuery(async (db) => new Set((await db.outbox.orderBy('recordKey').uniqueKeys()) as string[]), []);
}
