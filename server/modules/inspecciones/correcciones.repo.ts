import type { CambioCorreccion, Correccion } from '#sync/schemas/inspecciones-correccion.schema.ts';
import type { Db } from '#server/db/database.ts';

/** A row of `inspecciones_correcciones` (migration 0027): typed here, where the module reads and writes it. */
interface CorreccionesTable {
  IdEvaluacion: string;
  Version: number;
  IdEmpresa: string;
  Fecha: string;
  IdUsuario: number;
  NombreUsuario: string;
  Cambios: string;
  Anterior: string;
}

const history = (db: Db) => db.withTables<{ inspecciones_correcciones: CorreccionesTable }>();

export interface CorrectionEntry {
  company: string;
  idEvaluacion: string;
  /** The Version the correction left. */
  version: number;
  user: { id: number; name: string };
  changes: CambioCorreccion[];
  /** The previous values of what changed, as stored before the correction. */
  previous: Record<string, unknown>;
}

/** Keeps a correction in the inspection's history, in the correction's own transaction. */
export async function insertCorrection(db: Db, entry: CorrectionEntry, now: Date): Promise<Correccion> {
  const row: CorreccionesTable = {
    IdEvaluacion: entry.idEvaluacion,
    Version: entry.version,
    IdEmpresa: entry.company,
    Fecha: now.toISOString(),
    IdUsuario: entry.user.id,
    NombreUsuario: entry.user.name,
    Cambios: JSON.stringify(entry.changes),
    Anterior: JSON.stringify(entry.previous),
  };
  await history(db).insertInto('inspecciones_correcciones').values(row).execute();
  return toWire(row);
}

function toWire(row: CorreccionesTable): Correccion {
  return {
    Version: Number(row.Version),
    Fecha: row.Fecha,
    IdUsuario: Number(row.IdUsuario),
    Usuario: row.NombreUsuario,
    Cambios: JSON.parse(row.Cambios) as CambioCorreccion[],
  };
}

/** The inspection's corrections, oldest first. */
export async function correctionsOf(db: Db, company: string, idEvaluacion: string): Promise<Correccion[]> {
  const rows = await history(db)
    .selectFrom('inspecciones_correcciones')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdEvaluacion', '=', idEvaluacion)
    .orderBy('Version')
    .execute();
  return rows.map(toWire);
}
