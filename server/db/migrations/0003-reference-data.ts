import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('niveles')
    .addColumn('IdNivel', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('TipoNivel', 'integer', (c) => c.notNull())
    .addColumn('IdNivelPadre', 'text', (c) => c.references('niveles.IdNivel'))
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('RutNivel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('cargos')
    .addColumn('IdCargo', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('NombreCargo', 'text', (c) => c.notNull())
    .addColumn('IdNivel2', 'text', (c) => c.references('niveles.IdNivel'))
    .addColumn('IdNivel3', 'text', (c) => c.references('niveles.IdNivel'))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('trabajadores')
    .addColumn('IdPersona', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('RunPersona', 'text', (c) => c.notNull())
    .addColumn('Nombres', 'text', (c) => c.notNull())
    .addColumn('ApellidoPaterno', 'text', (c) => c.notNull())
    .addColumn('ApellidoMaterno', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('IdCargo', 'text', (c) => c.references('cargos.IdCargo'))
    .addColumn('IdNivel2', 'text', (c) => c.references('niveles.IdNivel'))
    .addColumn('IdNivel3', 'text', (c) => c.references('niveles.IdNivel'))
    .addColumn('RutContratista', 'text')
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('trabajadores_empresa_run', ['IdEmpresa', 'RunPersona'])
    .execute();

  await sql`CREATE INDEX niveles_empresa ON niveles (IdEmpresa, TipoNivel)`.execute(db);
  await sql`CREATE INDEX cargos_empresa ON cargos (IdEmpresa)`.execute(db);
}
