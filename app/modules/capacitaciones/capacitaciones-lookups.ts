import type { LocalPrograma } from '#app/db/capacitacion-rows.ts';
import type { LocalCargo, LocalCatalogueRow, LocalNivel } from '#app/db/reference-rows.ts';
import type { TipoCapacitacion } from '#sync/schemas/capacitaciones-tipos.schema.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** What the trainings screens name beside ids: types, programme lines, positions and levels on the device. */
export interface TrainingLookups {
  types: LocalCatalogueRow<TipoCapacitacion>[];
  typeOf: ReadonlyMap<string, TipoCapacitacion>;
  programme: LocalPrograma[];
  cargos: LocalCargo[];
  cargoName: ReadonlyMap<string, string>;
  levels: { 2: LocalNivel[]; 3: LocalNivel[] };
  levelName: ReadonlyMap<string, string>;
}

export function useTrainingLookups(): TrainingLookups | undefined {
  return useDbQuery(async (db) => {
    const [types, programme, cargos, levels] = await Promise.all([
      db.tipos_capacitacion.orderBy('orden').toArray(),
      db.programas_capacitacion.orderBy('orden').toArray(),
      db.cargos.orderBy('orden').toArray(),
      db.niveles.orderBy('[TipoNivel+orden]').toArray(),
    ]);
    return {
      types,
      typeOf: new Map(types.map((type) => [type.IdTipoCapacitacion, type])),
      programme,
      cargos,
      cargoName: new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo])),
      levels: { 2: levels.filter((level) => level.TipoNivel === 2), 3: levels.filter((level) => level.TipoNivel === 3) },
      levelName: new Map(levels.map((level) => [level.IdNivel, level.Nombre])),
    };
  }, []);
}

export const typeLabel = (lookups: TrainingLookups, id: string | null) => (id && lookups.typeOf.get(id)?.Nombre) || '';

export function hoursText(hours: number): string {
  return `${String(hours).replace('.', ',')} ${hours === 1 ? 'hora' : 'horas'}`;
}

export function validityText(months: number): string {
  if (months === 0) return 'Vigencia indefinida';
  return months === 1 ? 'Vigencia 1 mes' : `Vigencia ${months} meses`;
}
