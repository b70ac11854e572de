import { sql, type Kysely } from 'kysely';

// A copy of the search text rule as it was when this migration shipped: migrations never follow later code.
function searchText(worker: LegacyWorker): string {
  const text = [worker.RunPersona.replace(/[.-]/g, ''), worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].join(' ');
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

interface LegacyWorker {
  IdPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
}

/**
 * Workers, positions and levels become synced records: soft delete (Estado), per-field versions for the
 * field-by-field merge of stale updates (VersionesCampos, SPEC CF3), and a worker may hold several positions.
 * `trabajadores` is rebuilt (SQLite cannot drop a column that has a foreign key); its rows are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['niveles', 'cargos']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN Estado INTEGER NOT NULL DEFAULT 1`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN VersionesCampos TEXT NOT NULL DEFAULT '{}'`.execute(db);
  }

  await sql`CREATE TABLE trabajadores_nueva (
    IdPersona TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    RunPersona TEXT NOT NULL,
    Nombres TEXT NOT NULL,
    ApellidoPaterno TEXT NOT NULL,
    ApellidoMaterno TEXT NOT NULL DEFAULT '',
    IdNivel2 TEXT REFERENCES niveles (IdNivel),
    IdNivel3 TEXT REFERENCES niveles (IdNivel),
    IdNivel4 TEXT REFERENCES niveles (IdNivel),
    TipoEmpresa INTEGER NOT NULL DEFAULT 1 CHECK (TipoEmpresa IN (1, 2)),
    RutContratista TEXT,
    FichaMedica TEXT,
    FechaFichaMedica TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
    FichaMedicaAnterior TEXT,
    Firma TEXT,
    FirmaAnterior TEXT,
    Licencias TEXT NOT NULL DEFAULT '[]',
    Certificaciones TEXT NOT NULL DEFAULT '[]',
    Evidencias TEXT NOT NULL DEFAULT '[]',
    Busqueda TEXT NOT NULL DEFAULT '',
    Estado INTEGER NOT NULL DEFAULT 1,
    Version INTEGER NOT NULL DEFAULT 1,
    VersionesCampos TEXT NOT NULL DEFAULT '{}'
  )`.execute(db);
  await sql`INSERT INTO trabajadores_nueva (IdPersona, IdEmpresa, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, IdNivel2, IdNivel3, TipoEmpresa, RutContratista, Version)
    SELECT IdPersona, IdEmpresa, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno, IdNivel2, IdNivel3,
      CASE WHEN RutContratista IS NULL OR RutContratista = '' THEN 1 ELSE 2 END, NULLIF(RutContratista, ''), Version
    FROM trabajadores`.execute(db);

  await sql`CREATE TABLE trabajador_cargos (
    IdPersona TEXT NOT NULL REFERENCES trabajadores_nueva (IdPersona),
    IdCargo TEXT NOT NULL REFERENCES cargos (IdCargo),
    IdEmpresa TEXT NOT NULL,
    PRIMARY KEY (IdPersona, IdCargo)
  )`.execute(db);
  await sql`INSERT INTO trabajador_cargos (IdPersona, IdCargo, IdEmpresa)
    SELECT IdPersona, IdCargo, IdEmpresa FROM trabajadores WHERE IdCargo IS NOT NULL`.execute(db);

  await sql`DROP TABLE trabajadores`.execute(db);
  await sql`ALTER TABLE trabajadores_nueva RENAME TO trabajadores`.execute(db);

  const legacy = await sql<LegacyWorker>`SELECT IdPersona, RunPersona, Nombres, ApellidoPaterno, ApellidoMaterno FROM trabajadores`.execute(db);
  for (const worker of legacy.rows) {
    await sql`UPDATE trabajadores SET Busqueda = ${searchText(worker)} WHERE IdPersona = ${worker.IdPersona}`.execute(db);
  }

  // A RUT is unique among the company's active workers; a deleted worker's RUT may be registered again.
  await sql`CREATE UNIQUE INDEX trabajadores_empresa_run ON trabajadores (IdEmpresa, RunPersona) WHERE Estado = 1`.execute(db);
  await sql`CREATE INDEX trabajadores_empresa_nombres ON trabajadores (IdEmpresa, Estado, ApellidoPaterno, ApellidoMaterno, Nombres)`.execute(db);
  await sql`CREATE INDEX trabajadores_empresa_nv2 ON trabajadores (IdEmpresa, IdNivel2)`.execute(db);
  await sql`CREATE INDEX trabajadores_empresa_nv3 ON trabajadores (IdEmpresa, IdNivel3)`.execute(db);
  await sql`CREATE INDEX trabajadores_empresa_contratista ON trabajadores (IdEmpresa, RutContratista)`.execute(db);
  await sql`CREATE INDEX trabajador_cargos_cargo ON trabajador_cargos (IdCargo, IdPersona)`.execute(db);
  await sql`CREATE INDEX cargos_niveles ON cargos (IdEmpresa, IdNivel2, IdNivel3)`.execute(db);
  await sql`CREATE INDEX niveles_padre ON niveles (IdNivelPadre)`.execute(db);
}
