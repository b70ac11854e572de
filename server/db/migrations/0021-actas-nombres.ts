import { sql, type Kysely } from 'kysely';

/** What the acta's seal covers (migration 0010) plus the version of the form it was sealed under. */
const SEALED_COLUMNS = sql.raw(
  [
    'IdEntregadosEpp, IdEmpresa, IdEntrega, IdPersona, RunPersona, NombreTrabajador, RutContratista, IdCliente, Motivo, Fecha,',
    'Entregador, FirmaTrabajador, FirmadoEn, Corrige, Sello, RecibidoEn, IdUsuario',
  ].join(' '),
);

/**
 * A sealed EPP acta names only real people (SPEC EP6, EP7):
 *
 * - `epp_entregas.VersionSello`: the version of the canonical form the acta was sealed under (sync/domain/epp-delivery.ts);
 *   every acta stored before it was sealed under version 1. It never changes: the sealed-acta trigger covers it too.
 * - `nombres_anteriores`: every earlier name of a worker (`Tabla` 'trabajadores', `IdRegistro` their IdPersona) and of a
 *   user (`usuarios`, their IdUsuario), so an acta signed offline under a name the office changed since is still
 *   that person's. Written by triggers on any UPDATE of the names, whatever the write path; nothing is back-filled:
 *   the current name is read from the row itself. A migration that rebuilds `trabajadores` or `usuarios` must create
 *   these triggers again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE epp_entregas ADD COLUMN VersionSello INTEGER NOT NULL DEFAULT 1`.execute(db);
  await sql`DROP TRIGGER epp_entregas_selladas`.execute(db);
  await sql`CREATE TRIGGER epp_entregas_selladas BEFORE UPDATE OF ${SEALED_COLUMNS}, VersionSello ON epp_entregas
    BEGIN SELECT RAISE(ABORT, 'un acta de entrega sellada no se modifica'); END`.execute(db);

  await sql`CREATE TABLE nombres_anteriores (
    IdEmpresa TEXT NOT NULL,
    Tabla TEXT NOT NULL CHECK (Tabla IN ('trabajadores', 'usuarios')),
    IdRegistro TEXT NOT NULL,
    Nombres TEXT NOT NULL,
    ApellidoPaterno TEXT NOT NULL,
    ApellidoMaterno TEXT NOT NULL,
    HastaEn TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX nombres_anteriores_registro ON nombres_anteriores (IdEmpresa, Tabla, IdRegistro)`.execute(db);
  const changed = sql.raw('OLD.Nombres IS NOT NEW.Nombres OR OLD.ApellidoPaterno IS NOT NEW.ApellidoPaterno OR OLD.ApellidoMaterno IS NOT NEW.ApellidoMaterno');
  const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
  await sql`CREATE TRIGGER trabajadores_nombres_anteriores AFTER UPDATE OF Nombres, ApellidoPaterno, ApellidoMaterno ON trabajadores
    WHEN ${changed}
    BEGIN
      INSERT INTO nombres_anteriores (IdEmpresa, Tabla, IdRegistro, Nombres, ApellidoPaterno, ApellidoMaterno, HastaEn)
      VALUES (OLD.IdEmpresa, 'trabajadores', OLD.IdPersona, OLD.Nombres, OLD.ApellidoPaterno, COALESCE(OLD.ApellidoMaterno, ''), ${now});
    END`.execute(db);
  await sql`CREATE TRIGGER usuarios_nombres_anteriores AFTER UPDATE OF Nombres, ApellidoPaterno, ApellidoMaterno ON usuarios
    WHEN ${changed}
    BEGIN
      INSERT INTO nombres_anteriores (IdEmpresa, Tabla, IdRegistro, Nombres, ApellidoPaterno, ApellidoMaterno, HastaEn)
      VALUES (OLD.IdEmpresa, 'usuarios', CAST(OLD.IdUsuario AS TEXT), OLD.Nombres, OLD.ApellidoPaterno, COALESCE(OLD.ApellidoMaterno, ''), ${now});
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER usuarios_nombres_anteriores`.execute(db);
  await sql`DROP TRIGGER trabajadores_nombres_anteriores`.execute(db);
  await sql`DROP TABLE nombres_anteriores`.execute(db);
  await sql`DROP TRIGGER epp_entregas_selladas`.execute(db);
  await sql`CREATE TRIGGER epp_entregas_selladas BEFORE UPDATE OF ${SEALED_COLUMNS} ON epp_entregas
    BEGIN SELECT RAISE(ABORT, 'un acta de entrega sellada no se modifica'); END`.execute(db);
  await sql`ALTER TABLE epp_entregas DROP COLUMN VersionSello`.execute(db);
}
