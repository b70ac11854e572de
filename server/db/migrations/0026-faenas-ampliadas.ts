import { type Kysely, sql } from 'kysely';
import { engineOf } from '../engine.ts';

/** The record tables whose changes name a worksite (SPEC PL13, PL16): their store, id and how to find the levels. */
const STAMPED = [
  { tables: ['inspecciones'], store: 'evaluaciones', id: 'IdEvaluacion' },
  { tables: ['incidentes'], store: 'incidentes', id: 'IdEvaluacion' },
  { tables: ['observaciones'], store: 'observaciones', id: 'IdObservacion' },
  { tables: ['capacitaciones'], store: 'capacitaciones', id: 'IdCapacitacion' },
] as const;

/**
 * A widened scope brings only what a device lacks (SPEC PL15): `usuarios.SeqFaenas` is the change-log seq of the
 * last widening of the user's worksites, `FaenasAntes` the worksites every device behind it holds at least (a JSON
 * list). And the changes already logged of the records that now carry a worksite (inspections, observations,
 * incidents, trainings, actas) are stamped with it, so a scoped device's first pull leaves them out as its
 * download does; a change of a record since deleted keeps none (every device may receive it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every integer of the schema is 64-bit on PostgreSQL, as SQLite's are.
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('usuarios').addColumn('SeqFaenas', integer, (column) => column.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('usuarios').addColumn('FaenasAntes', 'text', (column) => column.notNull().defaultTo('[]')).execute();
  const level = (column: 'IdNivel2' | 'IdNivel3', store: string, id: string) =>
    sql`(SELECT ${sql.ref(`s.${column}`)} FROM ${sql.table(store)} AS s WHERE ${sql.ref(`s.${id}`)} = ${sql.ref('cambios.IdRegistro')})`;
  for (const { tables, store, id } of STAMPED) {
    await sql`UPDATE cambios SET ${sql.ref('Nivel2')} = ${level('IdNivel2', store, id)}, ${sql.ref('Nivel3')} = ${level('IdNivel3', store, id)}
      WHERE ${sql.ref('Tabla')} IN (${sql.join([...tables])}) AND ${sql.ref('Operacion')} = 'upsert'`.execute(db);
  }
  const workerLevel = (column: 'IdNivel2' | 'IdNivel3') =>
    sql`(SELECT ${sql.ref(`t.${column}`)} FROM epp_entregas AS a JOIN trabajadores AS t ON ${sql.ref('t.IdPersona')} = ${sql.ref('a.IdPersona')}
      WHERE ${sql.ref('a.IdEntregadosEpp')} = ${sql.ref('cambios.IdRegistro')})`;
  await sql`UPDATE cambios SET ${sql.ref('Nivel2')} = ${workerLevel('IdNivel2')}, ${sql.ref('Nivel3')} = ${workerLevel('IdNivel3')}
    WHERE ${sql.ref('Tabla')} = 'epp_entregas' AND ${sql.ref('Operacion')} = 'upsert'`.execute(db);
}
