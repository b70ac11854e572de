import type { Kysely } from 'kysely';

/**
 * `contratos.Ascendencias`: whom each subcontractor of a contract works for (JSON text, subcontractor RUT → RUT), so
 * a contract keeps its chains of subcontractors (DS 76 register). Existing contracts' subcontractors work for the
 * contractor, which is what an empty object says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contratos')
    .addColumn('Ascendencias', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
}
