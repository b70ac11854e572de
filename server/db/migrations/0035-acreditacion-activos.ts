import type { Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * Contractors' vehicles and machines (issue 38): a contract names them (`Vehiculos`, `Equipos`, JSON lists of ids;
 * its activities' `Recursos` gain the same lists inside the JSON they are), a requirement may ask a document of each
 * (`documentos_requisito.IdActivo`, with its plate or code in `NombreActivo`), and each one has an accreditation row
 * per contract and worksite (`acreditaciones_activo`), kept like the workers'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  for (const column of ['Vehiculos', 'Equipos']) {
    await db.schema
      .alterTable('contratos')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
  await db.schema.alterTable('documentos_requisito').addColumn('IdActivo', 'text').execute();
  await db.schema
    .alterTable('documentos_requisito')
    .addColumn('NombreActivo', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('acreditaciones_activo')
    .addColumn('IdAcreditacion', 'text', (c) => c.primaryKey())
    .addColumn('IdEmpresa', 'text', (c) => c.notNull().references('empresas.IdEmpresa'))
    .addColumn('IdActivo', 'text', (c) => c.notNull())
    .addColumn('ClaseActivo', 'text', (c) => c.notNull())
    .addColumn('NombreActivo', 'text', (c) => c.notNull())
    .addColumn('IdContrato', 'text', (c) => c.notNull())
    .addColumn('IdNivel2', 'text', (c) => c.notNull())
    .addColumn('RutContratista', 'text', (c) => c.notNull())
    .addColumn('Acreditado', integer, (c) => c.notNull())
    .addColumn('AcreditadoHasta', 'text', (c) => c.notNull())
    .addColumn('Motivos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('Estado', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('Version', integer, (c) => c.notNull().defaultTo(1))
    .addColumn('VersionesCampos', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('acreditaciones_activo_contrato').on('acreditaciones_activo').columns(['IdEmpresa', 'IdContrato']).execute();
}
