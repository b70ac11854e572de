import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { engineOf } from '#server/db/engine.ts';

/**
 * A failure inside the server's transaction, after its first writes: inserts into the change log are refused with
 * 'disco lleno' (what a full disk does), every one or only the change of a row whose `Nombres` is `nombres`.
 * Written for each engine; `removeChangeLogFault` takes it away.
 */
export async function refuseChangeLogInserts(db: Db, nombres?: string): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const when = nombres === undefined ? sql`` : sql`WHEN ((NEW."Fila"::json ->> 'Nombres') = ${sql.lit(nombres)})`;
    await sql`CREATE FUNCTION falla_cambios() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disco lleno'; END $$`.execute(db);
    await sql`CREATE TRIGGER falla_cambios BEFORE INSERT ON cambios FOR EACH ROW ${when} EXECUTE FUNCTION falla_cambios()`.execute(db);
    return;
  }
  const when = nombres === undefined ? sql`` : sql`WHEN json_extract(NEW.Fila, '$.Nombres') = ${sql.lit(nombres)}`;
  await sql`CREATE TEMP TRIGGER falla_cambios BEFORE INSERT ON cambios ${when} BEGIN SELECT RAISE(ABORT, 'disco lleno'); END`.execute(db);
}

export async function removeChangeLogFault(db: Db): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`DROP TRIGGER falla_cambios ON cambios`.execute(db);
    await sql`DROP FUNCTION falla_cambios()`.execute(db);
  } else {
    await sql`DROP TRIGGER falla_cambios`.execute(db);
  }
}
