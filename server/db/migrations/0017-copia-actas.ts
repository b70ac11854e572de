import { sql, type Kysely } from 'kysely';

/**
 * The worker's own copy of each signed EPP acta (issue "EPP requests, dispatch, queries and dashboard"):
 *
 * - `trabajadores.CorreoPersonal` ('' none) and `ConsentimientoCorreo` (when the worker agreed; null never): an
 *   address is written to only with the consent recorded.
 * - `copias_actas`: the actas whose PDF is still to be mailed. The row is written in the acta's own transaction, so a
 *   stored acta always gets its copy, even if the server stops before drawing the PDF (server/modules/epp/acta-copia.ts).
 * - `correos.AdjuntoSha256` and `AdjuntoNombre`: a mail's attached file, kept in the file store like every other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE trabajadores ADD COLUMN CorreoPersonal TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE trabajadores ADD COLUMN ConsentimientoCorreo TEXT`.execute(db);
  await sql`CREATE TABLE copias_actas (
    IdEntregadosEpp TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    Para TEXT NOT NULL,
    CreadoEn TEXT NOT NULL,
    Intentos INTEGER NOT NULL DEFAULT 0,
    UltimoError TEXT NOT NULL DEFAULT ''
  )`.execute(db);
  await sql`ALTER TABLE correos ADD COLUMN AdjuntoSha256 TEXT`.execute(db);
  await sql`ALTER TABLE correos ADD COLUMN AdjuntoNombre TEXT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE correos DROP COLUMN AdjuntoNombre`.execute(db);
  await sql`ALTER TABLE correos DROP COLUMN AdjuntoSha256`.execute(db);
  await sql`DROP TABLE copias_actas`.execute(db);
  await sql`ALTER TABLE trabajadores DROP COLUMN ConsentimientoCorreo`.execute(db);
  await sql`ALTER TABLE trabajadores DROP COLUMN CorreoPersonal`.execute(db);
}
