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

/** The active levels by type and every level's name: what screens naming levels look up. */
export interface LevelLookups {
  byType: Record<LevelType, LocalNivel[]>;
  names: ReadonlyMap<string, string>;
}

export function useLevelLookups(): LevelLookups | undefined {
  return useDbQuery(async (db) => {
    const levels = await db.niveles.orderBy('[TipoNivel+orden]').toArray();
    const byType: Record<LevelType, LocalNivel[]> = { 2: [], 3: [], 4: [] };
    for (const level of levels) byType[level.TipoNivel].push(level);
    return { byType, names: new Map(levels.map((level) => [level.IdNivel, level.Nombre])) };
  }, []);
}

export function useCargos(): LocalCargo[] | undefined {
  return useDbQuery((db) => db.cargos.orderBy('orden').toArray(), []);
}

/** `<table>:<id>` of every record with writes still in the outbox (dead ones included): shown as "pendiente". */
export function useQueuedRecordKeys(): Set<string> | undefined {
  return useDbQuery(async (db) => new Set((await db.outbox.orderBy('recordKey').uniqueKeys()) as string[]), []);
}
