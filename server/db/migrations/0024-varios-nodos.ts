import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * What several API nodes share through the database instead of their data folders:
 * - `ajustes_servidor`: the session secret (generated once by the first node that starts, server/installation/session-secret.ts);
 * - `archivos_contenido`: the bytes of stored files, when no S3-compatible store is set (server/files/);
 * - `trabajos_programados`: each scheduled job's last run, so it runs once across the nodes (server/jobs/).
 * On PostgreSQL the change log's `Seq` comes from a sequence from here on instead of the `secuencias` counter row,
 * whose row lock made every company's writes wait for each other; the company lock keeps each company's sequence
 * committing in order (server/db/postgres.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === 'postgres';
  await db.schema
    .createTable('ajustes_servidor')
    .addColumn('Clave', 'text', (column) => column.primaryKey())
    .addColumn('Valor', 'text', (column) => column.notNull())
    .addColumn('CreadoEn', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('archivos_contenido')
    .addColumn('Sha256', 'text', (column) => column.primaryKey())
    .addColumn('Contenido', postgres ? 'bytea' : 'blob', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('trabajos_programados')
    .addColumn('Nombre', 'text', (column) => column.primaryKey())
    .addColumn('UltimoInicio', 'text', (column) => column.notNull())
    .addColumn('UltimoFin', 'text')
    .addColumn('Nodo', 'text', (column) => column.notNull())
    .addColumn('Error', 'text')
    .execute();
  if (!postgres) return;
  await sql`create sequence cambios_seq`.execute(db);
  await sql`select setval('cambios_seq', greatest(
      coalesce((select "Ultimo" from secuencias where "Tabla" = 'cambios'), 0),
      coalesce((select max("Seq") from cambios), 0)) + 1, false)`.execute(db);
  await sql`drop trigger "cambios_clave" on "cambios"`.execute(db);
  await sql`alter table "cambios" alter column "Seq" set default nextval('cambios_seq')`.execute(db);
  await sql`delete from secuencias where "Tabla" = 'cambios'`.execute(db);
}
