import type { Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * `recordatorios_flota` (issue 38): the reminders sent of each fleet certificate, one row per step (30, 15 or 7 days
 * before its expiry), written in the transaction that keeps the e-mail: a step is sent once, whichever node runs the
 * job and however often (server/modules/flota/recordatorios-flota.ts). `Tabla` names the certificate's table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('recordatorios_flota')
    .addColumn('IdEmpresa', 'text', (column) => column.notNull().references('empresas.IdEmpresa'))
    .addColumn('Tabla', 'text', (column) => column.notNull())
    .addColumn('IdCertificacion', 'text', (column) => column.notNull())
    .addColumn('Paso', integer, (column) => column.notNull())
    .addColumn('Fecha', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('recordatorios_flota_pk', ['Tabla', 'IdCertificacion', 'Paso'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recordatorios_flota').execute();
}
