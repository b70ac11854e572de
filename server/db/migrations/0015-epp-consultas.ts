import { sql, type Kysely } from 'kysely';

/**
 * The EPP consultas (issue #16): what each worker holds of each item is the longest-lasting line of a valid acta.
 * A covering index answers it from the index alone over tens of thousands of lines (no table lookups), and the
 * few annulled actas are found by their own index and left out as a set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX epp_entregas_lineas_cobertura ON epp_entregas_lineas (IdEmpresa, IdPersona, IdEpp, VenceEl, IdEntregadosEpp)`.execute(db);
  await sql`CREATE INDEX epp_entregas_anuladas ON epp_entregas (IdEmpresa, Anulada, Estado)`.execute(db);
}
