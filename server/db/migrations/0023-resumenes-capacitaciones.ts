import { sql, type Kysely } from 'kysely';

/**
 * Back-fills the trainings dashboard's monthly summary rows (server/modules/capacitaciones/dashboard-meses.ts) with
 * the attendance that already counts (active, realised, attended), by the realisation month, the attendee's
 * contractor, the session's contractor and the session's client: `capacitaciones.hh`, the hours in half hours (every
 * session's hours are whole halves), and `capacitaciones.asistencias`, the attendance rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [indicator, value] of [
    [sql.lit('capacitaciones.hh'), sql`CAST(sum(p."DuracionHoras" * 2) AS BIGINT)`],
    [sql.lit('capacitaciones.asistencias'), sql`count(*)`],
  ] as const) {
    await sql`INSERT INTO resumenes_mensuales ("IdEmpresa", "Indicador", "Mes", "Dimension1", "Dimension2", "Dimension3", "Valor")
      SELECT p."IdEmpresa", ${indicator}, p."Mes", coalesce(p."RutContratista", ''), coalesce(p."RutContratistaSesion", ''),
        coalesce(p."IdCliente", ''), ${value}
      FROM capacitacion_participantes p
      WHERE p."Activa" = 1 AND p."Realizada" = 1 AND p."Asistio" = 1 AND p."Mes" IS NOT NULL
      GROUP BY p."IdEmpresa", p."Mes", coalesce(p."RutContratista", ''), coalesce(p."RutContratistaSesion", ''), coalesce(p."IdCliente", '')`.execute(
      db,
    );
  }
}
