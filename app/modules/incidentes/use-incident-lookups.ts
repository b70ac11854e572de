import { ACCIDENT_CATALOGUE_TABLES, type AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import type { LocalNivel } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface CatalogueOption {
  value: string;
  label: string;
  /** The parent record (a basic cause's factor) and the kind (a factor's), when the catalogue has them. */
  parent: string | null;
  kind: string;
}

/** What the form's selects and the screens' names read from the device: every accident catalogue and the levels. */
export interface IncidentLookups {
  options: Record<AccidentCatalogueTable, CatalogueOption[]>;
  levels2: LocalNivel[];
  levels3: LocalNivel[];
  /** Every catalogue entry's and level's name by id (ids are UUIDs: one map holds them all). */
  names: ReadonlyMap<string, string>;
}

type CatalogueRow = { Id: string; Info: string; Tipo: string } & Record<string, unknown>;

const PARENT_FIELDS = ['IdTipoAgente', 'IdFactor', 'IdCausaBasica', 'IdFamiliaRiesgo'] as const;

/** The catalogues on this device (pulled like every described record), by name; undefined while read. */
export function useIncidentLookups(): IncidentLookups | undefined {
  return useDbQuery(async (db) => {
    const tables = await Promise.all(
      ACCIDENT_CATALOGUE_TABLES.map((table) => db.table(table).orderBy('orden').toArray() as Promise<CatalogueRow[]>),
    );
    const levels = await db.niveles.orderBy('[TipoNivel+orden]').toArray();
    const names = new Map<string, string>(levels.map((level) => [level.IdNivel, level.Nombre]));
    const options = Object.fromEntries(
      ACCIDENT_CATALOGUE_TABLES.map((table, index) => {
        const rows = tables[index]!;
        for (const row of rows) names.set(row.Id, row.Info);
        const parentOf = (row: CatalogueRow) =>
          PARENT_FIELDS.map((field) => row[field]).find((value): value is string => typeof value === 'string') ?? null;
        return [table, rows.map((row) => ({ value: row.Id, label: row.Info, parent: parentOf(row), kind: row.Tipo }))];
      }),
    ) as Record<AccidentCatalogueTable, CatalogueOption[]>;
    return {
      options,
      levels2: levels.filter((level) => level.TipoNivel === 2),
      levels3: levels.filter((level) => level.TipoNivel === 3),
      names,
    };
  }, []);
}
