import { sql, type Kysely } from 'kysely';

/**
 * The inspector portal (issue "The inspector portal"): inspectors are not users of any company.
 *
 * - `fiscalizadores`: one account per institutional address (lower case). `DebeCambiarContrasena` is 1 while the
 *   password is the temporary one e-mailed at registration, which stops working at `TemporalExpiraEn`.
 * - `codigos_fiscalizadores`: recovery codes, hashed; only the newest unused one works.
 * - `accesos_fiscalizadores`: every search and every PDF an inspector opened, kept for the company's administrators.
 *   Worker RUT and name are copied: the log says what the inspector saw even if the worker is edited later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE fiscalizadores (
    IdFiscalizador INTEGER PRIMARY KEY AUTOINCREMENT,
    Correo TEXT NOT NULL UNIQUE,
    HashContrasena TEXT NOT NULL,
    DebeCambiarContrasena INTEGER NOT NULL DEFAULT 1,
    TemporalExpiraEn INTEGER,
    CreadoEn TEXT NOT NULL,
    VerificadoEn TEXT
  )`.execute(db);
  await sql`CREATE TABLE codigos_fiscalizadores (
    IdCodigo INTEGER PRIMARY KEY AUTOINCREMENT,
    IdFiscalizador INTEGER NOT NULL REFERENCES fiscalizadores (IdFiscalizador) ON DELETE CASCADE,
    HashCodigo TEXT NOT NULL,
    ExpiraEn INTEGER NOT NULL,
    Intentos INTEGER NOT NULL DEFAULT 0,
    Usado INTEGER NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE TABLE accesos_fiscalizadores (
    IdAcceso INTEGER PRIMARY KEY AUTOINCREMENT,
    IdFiscalizador INTEGER NOT NULL REFERENCES fiscalizadores (IdFiscalizador),
    Correo TEXT NOT NULL,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdPersona TEXT NOT NULL,
    RutTrabajador TEXT NOT NULL,
    NombreTrabajador TEXT NOT NULL,
    Accion TEXT NOT NULL,
    TipoRegistro TEXT NOT NULL DEFAULT '',
    IdRegistro TEXT NOT NULL DEFAULT '',
    Desde TEXT NOT NULL DEFAULT '',
    Hasta TEXT NOT NULL DEFAULT '',
    En TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX accesos_fiscalizadores_empresa ON accesos_fiscalizadores (IdEmpresa, En)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE accesos_fiscalizadores`.execute(db);
  await sql`DROP TABLE codigos_fiscalizadores`.execute(db);
  await sql`DROP TABLE fiscalizadores`.execute(db);
}
