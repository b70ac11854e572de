import { type Kysely, sql } from 'kysely';

/**
 * `documentos_requisito.Superiores`: every company above the document's company in the chains of the contracts that
 * ask it (JSON list of RUTs), who see and upload it with it; it replaces `RutPrincipal` (only the contract's
 * contractor). A document of a subcontractor keeps the contractor that saw it; the companies between are added the
 * next time one of its contracts is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('documentos_requisito')
    .addColumn('Superiores', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await sql`UPDATE documentos_requisito SET "Superiores" = '["' || "RutPrincipal" || '"]' WHERE "RutPrincipal" <> "RutContratista"`.execute(db);
  await db.schema.alterTable('documentos_requisito').dropColumn('RutPrincipal').execute();
}
