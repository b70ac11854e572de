import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per (company, Idempotency-Key): the answer a replay gets. Keys are scoped by the token's company.
  await db.schema
    .createTable('idempotencia')
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Clave', 'text', (c) => c.notNull())
    .addColumn('Huella', 'text', (c) => c.notNull())
    .addColumn('Estado', 'integer', (c) => c.notNull())
    .addColumn('Respuesta', 'text', (c) => c.notNull())
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotencia_pk', ['IdEmpresa', 'Clave'])
    .execute();

  // Seq is the server sequence clients pull from; AUTOINCREMENT so a pruned or deleted seq is never reused.
  await sql`CREATE TABLE cambios (
    Seq INTEGER PRIMARY KEY AUTOINCREMENT,
    IdEmpresa TEXT NOT NULL,
    Tabla TEXT NOT NULL,
    IdRegistro TEXT NOT NULL,
    Operacion TEXT NOT NULL CHECK (Operacion IN ('upsert', 'delete')),
    Fila TEXT,
    CreadoEn TEXT NOT NULL
  )`.execute(db);

  // Everything with Seq < DesdeSeq has been pruned; a cursor behind it must refetch.
  await sql`CREATE TABLE retencion_cambios (
    Id INTEGER PRIMARY KEY CHECK (Id = 1),
    DesdeSeq INTEGER NOT NULL
  )`.execute(db);
  await sql`INSERT INTO retencion_cambios (Id, DesdeSeq) VALUES (1, 0)`.execute(db);

  await db.schema
    .createTable('conflictos')
    .addColumn('IdConflicto', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('Tabla', 'text', (c) => c.notNull())
    .addColumn('IdRegistro', 'text', (c) => c.notNull())
    .addColumn('VersionBase', 'integer', (c) => c.notNull())
    .addColumn('VersionServidor', 'integer', (c) => c.notNull())
    .addColumn('Cuerpo', 'text', (c) => c.notNull())
    .addColumn('Usuario', 'integer', (c) => c.notNull())
    .addColumn('Clave', 'text')
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .addColumn('Resuelto', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Bytes are shared on disk, but a company may reference only the files it uploaded itself.
  await db.schema
    .createTable('archivos_empresa')
    .addColumn('Sha256', 'text', (c) => c.notNull().references('archivos.Sha256'))
    .addColumn('IdEmpresa', 'text', (c) => c.notNull())
    .addColumn('CreadoEn', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('archivos_empresa_pk', ['IdEmpresa', 'Sha256'])
    .execute();

  await sql`CREATE INDEX cambios_empresa ON cambios (IdEmpresa, Seq)`.execute(db);
  await sql`CREATE INDEX conflictos_empresa ON conflictos (IdEmpresa, Resuelto)`.execute(db);
  await sql`CREATE INDEX idempotencia_creado ON idempotencia (CreadoEn)`.execute(db);
}
