import type { Db } from '#server/db/database.ts';
import type { TrabajosProgramadosTable } from '#server/db/sync-tables.ts';

/** A scheduled job's latest run, whichever node started it: `UltimoFin` is null while it runs or if it never ended. */
export type JobRun = TrabajosProgramadosTable;

const MAX_ERROR_CHARS = 500;

export function lastJobRun(db: Db, name: string): Promise<JobRun | undefined> {
  return db.selectFrom('trabajos_programados').selectAll().where('Nombre', '=', name).executeTakeFirst();
}

/** Every job's latest run, for monitoring. */
export function lastJobRuns(db: Db): Promise<JobRun[]> {
  return db.selectFrom('trabajos_programados').selectAll().orderBy('Nombre').execute();
}

/** A run starts: the row becomes this run's, with no end and no error yet. */
export async function recordJobStart(db: Db, name: string, started: Date, node: string): Promise<void> {
  const run = { UltimoInicio: started.toISOString(), UltimoFin: null, Nodo: node, Error: null };
  await db
    .insertInto('trabajos_programados')
    .values({ Nombre: name, ...run })
    .onConflict((conflict) => conflict.column('Nombre').doUpdateSet(run))
    .execute();
}

/**
 * A run ends, with its failure's message or null. Only the row of that run: a node whose lock connection was lost
 * mid-run (so another node started the job again) must not write its end over the newer run's row.
 */
export async function recordJobEnd(db: Db, name: string, started: Date, node: string, ended: Date, error: string | null): Promise<void> {
  await db
    .updateTable('trabajos_programados')
    .set({ UltimoFin: ended.toISOString(), Error: error === null ? null : error.slice(0, MAX_ERROR_CHARS) })
    .where('Nombre', '=', name)
    .where('UltimoInicio', '=', started.toISOString())
    .where('Nodo', '=', node)
    .execute();
}
