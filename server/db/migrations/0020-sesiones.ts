import { sql, type Kysely } from 'kysely';

/**
 * Sessions that end when they should (SPEC SE2–SE5):
 * - `GeneracionSesion` of a company user and of an inspector: every token carries the generation it was issued
 *   under, and a password change, a reset or a deactivation moves it, so every earlier token stops opening anything.
 * - `sesiones_cerradas`: the session id of each token signed out, kept until the token would have expired anyway.
 * - `fallos_direccion`: failed sign-ins per client address, so one client cannot try a password against every
 *   account (the per-account lockout of `intentos_acceso` does not see that).
 * - `accesos_fiscalizadores.Busqueda`, `Resultados`: the roster listings an inspector made (`Accion` 'nomina'),
 *   logged like searches and PDFs; such a row names no worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE usuarios ADD COLUMN GeneracionSesion INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE fiscalizadores ADD COLUMN GeneracionSesion INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE TABLE sesiones_cerradas (
    IdSesion TEXT PRIMARY KEY,
    ExpiraEn INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX sesiones_cerradas_expira ON sesiones_cerradas (ExpiraEn)`.execute(db);
  await sql`CREATE TABLE fallos_direccion (
    Direccion TEXT PRIMARY KEY,
    Fallidos INTEGER NOT NULL,
    PrimerFallo INTEGER NOT NULL
  )`.execute(db);
  await sql`ALTER TABLE accesos_fiscalizadores ADD COLUMN Busqueda TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE accesos_fiscalizadores ADD COLUMN Resultados INTEGER NOT NULL DEFAULT 0`.execute(db);
}
