import { sql, type Kysely } from 'kysely';

/**
 * EPP requests (issue "EPP requests, dispatch, queries and dashboard"): `epp_solicitudes`, a record table of the kit
 * (company, state, version, field versions). Its lines (worker × item with size) and the workers who signed are JSON
 * lists: a request is read and written whole. Estado 1 Pendiente, 2 Despachada, 3 Entregada, 0 deleted.
 * The pending list reads by company and state; a contractor's by its RUT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE epp_solicitudes (
    IdSolicitud TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdEvaluacion TEXT,
    Fecha TEXT NOT NULL,
    Lineas TEXT NOT NULL,
    RutContratista TEXT,
    IdUsuario INTEGER NOT NULL,
    Solicitante TEXT NOT NULL DEFAULT '',
    CodigoDespacho TEXT,
    FechaDespacho TEXT,
    RutDespachador TEXT,
    DvDespachador TEXT,
    NombreDespachador TEXT,
    DespachadoPor INTEGER,
    DespachadoEn TEXT,
    Entregado TEXT NOT NULL DEFAULT '[]',
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`CREATE INDEX epp_solicitudes_estado ON epp_solicitudes (IdEmpresa, Estado, Fecha)`.execute(db);
  await sql`CREATE INDEX epp_solicitudes_contratista ON epp_solicitudes (IdEmpresa, RutContratista, Estado)`.execute(db);
}
