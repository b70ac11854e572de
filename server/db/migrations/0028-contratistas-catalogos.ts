import type { Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * Contractor management's catalogues: a contract's activities and processes, the classifications of requirements
 * and the work teams (the catalogue family's shape: name, kind, who and when), and the providers.
 */
const CATALOGUES = ['actividades_contrato', 'clasificaciones_contrato', 'procesos_faena', 'equipos_trabajo'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every integer of the schema is 64-bit on PostgreSQL, as SQLite's are.
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  for (const table of CATALOGUES) {
    await db.schema
      .createTable(table)
      .addColumn('Id', 'text', (c) => c.primaryKey())
      .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
      .addColumn('Info', 'text', (c) => c.notNull())
      .addColumn('Tipo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('Fecha', 'text', (c) => c.notNull())
      .addColumn('IdUsuario', integer, (c) => c.notNull())
      .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
      .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
      .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.createIndex(`${table}_empresa`).on(table).columns(['IdEmpresa', 'Estado', 'Info']).execute();
  }
  await db.schema
    .createTable('proveedores')
    .addColumn('IdProveedor', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('Nombre', 'text', (c) => c.notNull())
    .addColumn('RutCompleto', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Rubro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('proveedores_empresa').on('proveedores').columns(['IdEmpresa', 'Estado', 'Nombre']).execute();
}
