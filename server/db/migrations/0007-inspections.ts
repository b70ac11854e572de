import { sql, type Kysely } from 'kysely';

/**
 * Checklist templates with immutable versions, finished inspections (evaluaciones) and their observations.
 *
 * - `formularios` holds a template's current state; `formulario_versiones` one row per VersionFormulario with its
 *   content as JSON, never updated (a trigger refuses it): an inspection names the version it was filled against.
 * - `evaluaciones` keeps header, answers, signatures and observed workers as JSON and every list filter as its
 *   own indexed column. `observaciones` copies the inspection's date, levels, contractor and client, because the
 *   follow-up list filters and limits observations by them without a join.
 * Every row carries IdEmpresa: every query is scoped by the token's company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE formularios (
    IdFormulario TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    Nombre TEXT NOT NULL,
    Tipo TEXT NOT NULL CHECK (Tipo IN ('inspeccion', 'observacion', 'varios')),
    Descripcion TEXT NOT NULL DEFAULT '',
    Estado INTEGER NOT NULL DEFAULT 1,
    VersionFormulario INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}',
    ActualizadoEn TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX formularios_empresa ON formularios (IdEmpresa, Tipo, Nombre)`.execute(db);

  await sql`CREATE TABLE formulario_versiones (
    IdFormulario TEXT NOT NULL REFERENCES formularios (IdFormulario),
    VersionFormulario INTEGER NOT NULL,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    Contenido TEXT NOT NULL,
    IdUsuario INTEGER,
    CreadoEn TEXT NOT NULL,
    PRIMARY KEY (IdFormulario, VersionFormulario)
  )`.execute(db);
  await sql`CREATE TRIGGER formulario_versiones_inmutables BEFORE UPDATE ON formulario_versiones
    BEGIN SELECT RAISE(ABORT, 'una versión de formulario no se modifica'); END`.execute(db);

  await sql`CREATE TABLE evaluaciones (
    IdEvaluacion TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdFormulario TEXT NOT NULL,
    VersionFormulario INTEGER NOT NULL,
    NombreFormulario TEXT NOT NULL,
    Tipo TEXT NOT NULL,
    Fecha TEXT NOT NULL,
    Lugar TEXT NOT NULL,
    IdNivel2 TEXT REFERENCES niveles (IdNivel),
    IdNivel3 TEXT REFERENCES niveles (IdNivel),
    IdSupervisor INTEGER NOT NULL,
    Supervisor TEXT NOT NULL,
    Observados TEXT NOT NULL DEFAULT '[]',
    EquipoTrabajo TEXT NOT NULL DEFAULT '',
    RutContratista TEXT,
    IdCliente TEXT,
    Encabezado TEXT NOT NULL DEFAULT '{}',
    Respuestas TEXT NOT NULL,
    Firmas TEXT NOT NULL,
    Porcentaje REAL,
    Nota REAL,
    Estado INTEGER NOT NULL DEFAULT 1,
    IniciadaEn TEXT NOT NULL,
    FinalizadaEn TEXT NOT NULL,
    CreadoEn TEXT NOT NULL,
    Version INTEGER NOT NULL DEFAULT 1,
    FOREIGN KEY (IdFormulario, VersionFormulario) REFERENCES formulario_versiones (IdFormulario, VersionFormulario)
  )`.execute(db);
  for (const column of ['Tipo', 'IdFormulario', 'IdNivel2', 'IdNivel3', 'RutContratista', 'IdCliente']) {
    await sql`CREATE INDEX ${sql.id(`evaluaciones_${column}`)} ON evaluaciones (IdEmpresa, ${sql.id(column)}, Fecha)`.execute(db);
  }
  await sql`CREATE INDEX evaluaciones_fecha ON evaluaciones (IdEmpresa, Estado, Fecha)`.execute(db);

  await sql`CREATE TABLE observaciones (
    IdObservacion TEXT PRIMARY KEY,
    IdEvaluacion TEXT NOT NULL REFERENCES evaluaciones (IdEvaluacion),
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    IdFormulario TEXT NOT NULL,
    TipoObs TEXT NOT NULL CHECK (TipoObs IN ('Checklist', 'General', 'Brechas')),
    IdEnunciado TEXT,
    Enunciado TEXT,
    Observacion TEXT NOT NULL,
    Responsable TEXT NOT NULL DEFAULT '',
    IdResponsable INTEGER,
    Plazo TEXT,
    SemaforoObs INTEGER NOT NULL DEFAULT 1 CHECK (SemaforoObs IN (1, 2, 3)),
    Severidad TEXT,
    Respondida INTEGER NOT NULL DEFAULT 0,
    Aprobada INTEGER NOT NULL DEFAULT 0,
    Estado INTEGER NOT NULL DEFAULT 1,
    EmisorObs TEXT NOT NULL DEFAULT '',
    Archivos TEXT NOT NULL DEFAULT '[]',
    Respuestas TEXT NOT NULL DEFAULT '[]',
    Fecha TEXT NOT NULL,
    IdNivel2 TEXT,
    IdNivel3 TEXT,
    RutContratista TEXT,
    IdCliente TEXT,
    CreadoEn TEXT NOT NULL,
    Version INTEGER NOT NULL DEFAULT 1
  )`.execute(db);
  await sql`CREATE INDEX observaciones_evaluacion ON observaciones (IdEvaluacion)`.execute(db);
  for (const column of ['IdFormulario', 'IdNivel2', 'IdNivel3', 'RutContratista', 'IdCliente', 'SemaforoObs']) {
    await sql`CREATE INDEX ${sql.id(`observaciones_${column}`)} ON observaciones (IdEmpresa, ${sql.id(column)}, Fecha)`.execute(db);
  }
  await sql`CREATE INDEX observaciones_fecha ON observaciones (IdEmpresa, Estado, Fecha)`.execute(db);
  // What the overdue rule (SPEC OV1) scans every 10 minutes: only open observations not yet red.
  await sql`CREATE INDEX observaciones_vencibles ON observaciones (Plazo) WHERE Estado = 1 AND Aprobada = 0 AND SemaforoObs <> 3`.execute(db);
}
