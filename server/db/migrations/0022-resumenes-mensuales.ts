import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

/**
 * `resumenes_mensuales`: what a dashboard indicator counts, summed per company, month (YYYY-MM) and the dimensions
 * it filters by, kept by the write that changes the raw rows, in its own transaction
 * (server/records/indicators/monthly-summary.ts). The company leads the key: a company's rows are one range.
 * Back-filled here for what already exists: the delivered lines of the EPP actas that count (not annulled, not
 * deleted), by the acta's month, reason, contractor and client (`epp.lineas`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const integer = engineOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('resumenes_mensuales')
    .addColumn('IdEmpresa', 'text', (column) => column.notNull())
    .addColumn('Indicador', 'text', (column) => column.notNull())
    .addColumn('Mes', 'text', (column) => column.notNull())
    .addColumn('Dimension1', 'text', (column) => column.notNull())
    .addColumn('Dimension2', 'text', (column) => column.notNull())
    .addColumn('Dimension3', 'text', (column) => column.notNull())
    .addColumn('Valor', integer, (column) => column.notNull())
    .addPrimaryKeyConstraint('resumenes_mensuales_pk', ['IdEmpresa', 'Indicador', 'Mes', 'Dimension1', 'Dimension2', 'Dimension3'])
    .execute();
  await sql`INSERT INTO resumenes_mensuales ("IdEmpresa", "Indicador", "Mes", "Dimension1", "Dimension2", "Dimension3", "Valor")
    SELECT e."IdEmpresa", 'epp.lineas', substr(e."Fecha", 1, 7), CAST(e."Motivo" AS TEXT), coalesce(e."RutContratista", ''),
      coalesce(e."IdCliente", ''), count(*)
    FROM epp_entregas e JOIN epp_entregas_lineas l ON l."IdEntregadosEpp" = e."IdEntregadosEpp"
    WHERE e."Anulada" = 0 AND e."Estado" <> 0
    GROUP BY e."IdEmpresa", substr(e."Fecha", 1, 7), CAST(e."Motivo" AS TEXT), coalesce(e."RutContratista", ''), coalesce(e."IdCliente", '')`.execute(db);
}
