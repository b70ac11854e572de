import type { Kysely } from 'kysely';

/**
 * A field device holds its own worksites (SPEC PL13): `usuarios.Faenas` lists the level ids (level 2, or level 3
 * where the company works that way) a user works in, a JSON array, empty for the whole company (every existing
 * user). `cambios.Nivel2` and `Nivel3` are the worksite of a change of a record that carries one, so the feed
 * gives it only to the devices of that worksite; null for everything else (catalogues, templates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usuarios').addColumn('Faenas', 'text', (column) => column.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('cambios').addColumn('Nivel2', 'text').execute();
  await db.schema.alterTable('cambios').addColumn('Nivel3', 'text').execute();
}
