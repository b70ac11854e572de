import { sql, type Kysely } from 'kysely';

/**
 * Who may pull a change: 'todos', 'empresa' (company users only), 'contratista:<RUT>' (company users and that
 * contractor) or 'revocar:<RUT>' (only that contractor: a tombstone for a record it may no longer see).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cambios ADD COLUMN Audiencia TEXT NOT NULL DEFAULT 'todos'`.execute(db);
  await sql`UPDATE cambios SET Audiencia = 'empresa' WHERE Tabla = 'trabajadores'`.execute(db);
  await sql`
    UPDATE cambios SET Audiencia = 'contratista:' || json_extract(Fila, '$.RutContratista')
    WHERE Tabla = 'trabajadores' AND Fila IS NOT NULL AND json_extract(Fila, '$.RutContratista') IS NOT NULL
  `.execute(db);
}
