import { sql, type Kysely } from 'kysely';

/**
 * The first modules on the record kit: the certifications and economic activities catalogues, each a table of its
 * entity's fields plus the record columns every synced table has (company, state, version, field versions). And the
 * approval of observations becomes its own action ('aprobar'): roles that could edit observations keep approving.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificaciones')
    .addColumn('IdCertificacion', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('Emisor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Vence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('VigenciaMeses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('certificaciones_empresa').on('certificaciones').columns(['IdEmpresa', 'Estado', 'Nombre']).execute();

  await db.schema
    .createTable('actividades_economicas')
    .addColumn('IdActividadEconomica', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Codigo', 'text', (c) => c.notNull())
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('Estado', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('Version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('actividades_economicas_empresa').on('actividades_economicas').columns(['IdEmpresa', 'Estado', 'Codigo']).execute();

  await sql`
    UPDATE rol_permisos SET Acciones = Acciones || ',aprobar'
    WHERE ',' || Acciones || ',' LIKE '%,editar,%'
      AND IdSubmodulo IN (SELECT IdSubmodulo FROM submodulos WHERE Ruta = '/observaciones')
  `.execute(db);
}
