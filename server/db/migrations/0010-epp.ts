import { sql, type Kysely } from 'kysely';

/**
 * EPP: the catalogue (`epp_tipos`), what each position and worker must hold (`epp_asignaciones`), and the sealed
 * delivery actas (`epp_entregas`), one per worker, with their lines as rows of their own (`epp_entregas_lineas`) so
 * the queries of expired and pending items run in SQL over tens of thousands of deliveries.
 *
 * An acta is sealed on the device and again on the server (sync/domain/epp-delivery.ts): what it seals never
 * changes. Triggers refuse any update of those columns and any delete of an acta or a line; annulling one only sets
 * Anulada, AnuladaPor, AnuladaEn and its Version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE epp_tipos (
    IdEpp TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    NombreEpp TEXT NOT NULL,
    actividades TEXT NOT NULL DEFAULT '[]',
    Riesgo TEXT NOT NULL DEFAULT '',
    Norma TEXT NOT NULL DEFAULT '',
    Tallas TEXT NOT NULL DEFAULT '[]',
    VidaUtilMeses INTEGER NOT NULL DEFAULT 0,
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE INDEX epp_tipos_empresa ON epp_tipos (IdEmpresa, Estado, NombreEpp)`.execute(db);

  await sql`CREATE TABLE epp_asignaciones (
    IdAsignacionEpp TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdCargo TEXT,
    IdPersona TEXT,
    Epps TEXT NOT NULL DEFAULT '[]',
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE INDEX epp_asignaciones_cargo ON epp_asignaciones (IdEmpresa, IdCargo)`.execute(db);
  await sql`CREATE INDEX epp_asignaciones_persona ON epp_asignaciones (IdEmpresa, IdPersona)`.execute(db);

  await sql`CREATE TABLE epp_entregas (
    IdEntregadosEpp TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdEntrega TEXT NOT NULL,
    IdPersona TEXT NOT NULL,
    RunPersona TEXT NOT NULL,
    NombreTrabajador TEXT NOT NULL,
    RutContratista TEXT,
    IdCliente TEXT,
    Motivo INTEGER NOT NULL CHECK (Motivo IN (1, 2, 3, 4, 5)),
    Fecha TEXT NOT NULL,
    Entregador TEXT NOT NULL,
    FirmaTrabajador TEXT NOT NULL,
    FirmadoEn TEXT NOT NULL,
    Corrige TEXT REFERENCES epp_entregas (IdEntregadosEpp),
    Sello TEXT NOT NULL UNIQUE,
    RecibidoEn TEXT NOT NULL,
    IdUsuario INTEGER NOT NULL,
    Anulada INTEGER NOT NULL DEFAULT 0,
    AnuladaPor TEXT,
    AnuladaEn TEXT,
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1
  )`.execute(db);
  for (const column of ['IdPersona', 'RutContratista', 'IdCliente']) {
    await sql`CREATE INDEX ${sql.id(`epp_entregas_${column}`)} ON epp_entregas (IdEmpresa, ${sql.id(column)}, Fecha)`.execute(db);
  }
  await sql`CREATE INDEX epp_entregas_fecha ON epp_entregas (IdEmpresa, Estado, Fecha)`.execute(db);
  await sql`CREATE INDEX epp_entregas_cuadrilla ON epp_entregas (IdEmpresa, IdEntrega)`.execute(db);
  await sql`CREATE TRIGGER epp_entregas_selladas BEFORE UPDATE OF
      IdEntregadosEpp, IdEmpresa, IdEntrega, IdPersona, RunPersona, NombreTrabajador, RutContratista, IdCliente, Motivo, Fecha,
      Entregador, FirmaTrabajador, FirmadoEn, Corrige, Sello, RecibidoEn, IdUsuario ON epp_entregas
    BEGIN SELECT RAISE(ABORT, 'un acta de entrega sellada no se modifica'); END`.execute(db);
  await sql`CREATE TRIGGER epp_entregas_conservadas BEFORE DELETE ON epp_entregas
    BEGIN SELECT RAISE(ABORT, 'un acta de entrega se anula, no se borra'); END`.execute(db);

  await sql`CREATE TABLE epp_entregas_lineas (
    IdLinea TEXT PRIMARY KEY,
    IdEntregadosEpp TEXT NOT NULL REFERENCES epp_entregas (IdEntregadosEpp),
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    Orden INTEGER NOT NULL,
    IdPersona TEXT NOT NULL,
    IdEpp TEXT NOT NULL,
    NombreEpp TEXT NOT NULL,
    Talla TEXT NOT NULL DEFAULT '',
    Cantidad INTEGER NOT NULL CHECK (Cantidad BETWEEN 1 AND 99),
    Fecha TEXT NOT NULL,
    VidaUtilMeses INTEGER NOT NULL,
    VenceEl TEXT
  )`.execute(db);
  await sql`CREATE INDEX epp_entregas_lineas_acta ON epp_entregas_lineas (IdEntregadosEpp, Orden)`.execute(db);
  // The sequel's queries: items expiring in a range, and what each worker last received of each EPP.
  await sql`CREATE INDEX epp_entregas_lineas_vence ON epp_entregas_lineas (IdEmpresa, VenceEl)`.execute(db);
  await sql`CREATE INDEX epp_entregas_lineas_persona ON epp_entregas_lineas (IdEmpresa, IdPersona, IdEpp, Fecha)`.execute(db);
  await sql`CREATE INDEX epp_entregas_lineas_epp ON epp_entregas_lineas (IdEmpresa, IdEpp, Fecha)`.execute(db);
  await sql`CREATE TRIGGER epp_entregas_lineas_selladas BEFORE UPDATE ON epp_entregas_lineas
    BEGIN SELECT RAISE(ABORT, 'una línea de un acta sellada no se modifica'); END`.execute(db);
  await sql`CREATE TRIGGER epp_entregas_lineas_conservadas BEFORE DELETE ON epp_entregas_lineas
    BEGIN SELECT RAISE(ABORT, 'una línea de un acta se conserva'); END`.execute(db);
}
