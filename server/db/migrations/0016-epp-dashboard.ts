import { sql, type Kysely } from 'kysely';

/**
 * The EPP dashboard's links (issue #16). A training type names the EPP items it teaches the use of (`Epps`, a JSON
 * list of IdEpp): a worker with a valid realised attendance of it is "capacitado" in them. A checklist statement's
 * link to an item lives in the template version's content (`IdEpp` of a statement), which needs no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tipos_capacitacion ADD COLUMN Epps TEXT NOT NULL DEFAULT '[]'`.execute(db);
}
