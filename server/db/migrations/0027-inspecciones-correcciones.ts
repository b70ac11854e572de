import type { Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * `inspecciones_correcciones`: the history of the corrections of a finished inspection (PUT
 * observaciones-inspecciones/{IdEvaluacion}). One row per correction, keyed by the inspection and the Version the
 * correction left: who (`IdUsuario`, `NombreUsuario` as it was then), when (`Fecha`, ISO), what changed as printed
 * (`Cambios`, JSON list of { Tipo, Clave, Campo, Antes, Despues }) and the previous values themselves (`Anterior`,
 * JSON), written in the same transaction as the correction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every integer of the schema is 64-bit on PostgreSQL, as SQLite's are.
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('inspecciones_correcciones')
    .addColumn('IdEvaluacion', 'text', (column) => column.notNull())
    .addColumn('Version', integer, (column) => column.notNull())
    .addColumn('IdEmpresa', 'text', (column) => column.notNull())
    .addColumn('Fecha', 'text', (column) => column.notNull())
    .addColumn('IdUsuario', integer, (column) => column.notNull())
    .addColumn('NombreUsuario', 'text', (column) => column.notNull())
    .addColumn('Cambios', 'text', (column) => column.notNull())
    .addColumn('Anterior', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('inspecciones_correcciones_pk', ['IdEvaluacion', 'Version'])
    .execute();
}
