import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('grupos_modulos')
    .addColumn('IdGrupo', 'integer', (c) => c.primaryKey())
    .addColumn('NombreGrupo', 'text', (c) => c.notNull().unique())
    .addColumn('SubtituloGrupo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('PosicionGrupo', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('modulos')
    .addColumn('IdModulo', 'integer', (c) => c.primaryKey())
    .addColumn('IdGrupo', 'integer', (c) => c.notNull().references('grupos_modulos.IdGrupo'))
    .addColumn('IdSistema', 'integer', (c) => c.notNull().references('sistemas.IdSistema'))
    .addColumn('NombreSistemaModulo', 'text', (c) => c.notNull())
    .addColumn('PosicionGroupModulos', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('submodulos')
    .addColumn('IdSubmodulo', 'integer', (c) => c.primaryKey())
    .addColumn('IdModulo', 'integer', (c) => c.notNull().references('modulos.IdModulo'))
    .addColumn('NombreSistemaModuloSub', 'text', (c) => c.notNull())
    .addColumn('Ruta', 'text', (c) => c.notNull().unique())
    .addColumn('PosicionGroupModulosSub', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rol_permisos')
    .addColumn('IdRol', 'integer', (c) => c.notNull().references('roles.IdRol').onDelete('cascade'))
    .addColumn('IdSubmodulo', 'integer', (c) => c.notNull().references('submodulos.IdSubmodulo'))
    .addColumn('Acciones', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rol_permisos_pk', ['IdRol', 'IdSubmodulo'])
    .execute();

  await db.schema
    .createTable('mascaras')
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('TipoNv', 'integer', (c) => c.notNull())
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mascaras_pk', ['IdEmpresa', 'TipoNv'])
    .execute();
}
