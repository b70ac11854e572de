import { sql, type Kysely } from 'kysely';

/**
 * Headcount and hours worked (issue "Accident rates the official way"): `dotaciones`, one row per month, level 2,
 * level 3 (or none) and contractor ('' the company's own staff), what the accident rates divide by. A record table
 * of the kit (company, state, version, field versions).
 *
 * - One active row per company, month, levels and contractor: a partial unique index (the kit answers 409 with the
 *   module's message before it is reached; the index keeps it true under any write path).
 * - The rates read cases by classification and date with the columns they filter on (levels, contractor, client,
 *   state, discharge): a covering index, so 50,000 cases are counted without reading the case rows.
 * Plain SQL types and expression indexes that PostgreSQL runs too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE dotaciones (
    IdDotacion TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    Mes TEXT NOT NULL,
    IdNivel2 TEXT NOT NULL,
    IdNivel3 TEXT,
    RutContratista TEXT NOT NULL DEFAULT '',
    Dotacion INTEGER NOT NULL,
    HorasHombre REAL NOT NULL,
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX dotaciones_unica ON dotaciones (IdEmpresa, Mes, IdNivel2, coalesce(IdNivel3, ''), RutContratista) WHERE Estado <> 0`.execute(db);
  await sql`CREATE INDEX dotaciones_mes ON dotaciones (IdEmpresa, Estado, Mes, IdNivel2, IdNivel3, RutContratista, Dotacion, HorasHombre)`.execute(db);
  await sql`CREATE INDEX incidentes_tasas ON incidentes (IdEmpresa, Clasificacion, FechaOcurrencia, Estado, FechaAlta, IdNivel2, IdNivel3, RutContratista, IdCliente)`.execute(db);
}
