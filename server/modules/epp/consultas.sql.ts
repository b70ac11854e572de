import type { Db } from '#server/db/database.ts';
import { engineOf } from '#server/db/engine.ts';
import { jsonTextItems, NOBODY } from '#server/db/portable-sql.ts';
import { type RawBuilder, sql } from 'kysely';
import type { ConsultaQuery } from '#sync/schemas/epp-consultas.schema.ts';
import type { ReportScope } from '#server/records/report-lists/report-list-route.ts';

/**
 * The SQL pieces the EPP consultas share. "Valid" deliveries are the company's live, non-annulled actas; what a
 * worker holds of an item is the longest-lasting valid line of it (a line with useful life 0 never expires), so a
 * later renewal covers an older expired line and an annulled acta never counts.
 */

/** How `held` writes "never expires" (useful life 0), after every real date. */
export const NEVER = '9999-12-31';

export type ConsultaScope = ReportScope<ConsultaQuery>;

/**
 * A consulta's filters, from the query's values and who asks. On the worker `w` (joined on the company by the
 * caller): levels, position and, with `active`, only workers not deleted. Whose rows they are: `by` 'delivery', the
 * delivery `e`'s (a contractor's, a client's) and its dates; `by` 'worker', the worker's (the contractor's workers;
 * a client's: the workers delivered to for it).
 */
export function consultaFilters({ company, query, viewer }: ConsultaScope, by: 'worker' | 'delivery', active = true): RawBuilder<unknown> {
  const contractor = viewer.kind === 'contratista' ? viewer.rut || NOBODY : viewer.kind === 'empresa' ? query.RutContratista : '';
  const client = viewer.kind === 'cliente' ? viewer.id || NOBODY : '';
  const whose =
    by === 'delivery'
      ? [
          sql`e."Anulada" = 0 AND e."Estado" = 1`,
          contractor && sql`e."RutContratista" = ${contractor}`,
          client && sql`e."IdCliente" = ${client}`,
          query.FechaInicio && sql`e."Fecha" >= ${query.FechaInicio}`,
          query.FechaTermino && sql`e."Fecha" <= ${query.FechaTermino}`,
        ]
      : [
          contractor && sql`w."RutContratista" = ${contractor}`,
          client &&
            sql`EXISTS (SELECT 1 FROM epp_entregas ce WHERE ce."IdEmpresa" = ${company} AND ce."IdPersona" = w."IdPersona"
              AND ce."IdCliente" = ${client} AND ce."Anulada" = 0 AND ce."Estado" = 1)`,
        ];
  const parts = [
    ...whose,
    active && sql`w."Estado" = 1`,
    query.nv2 && sql`w."IdNivel2" = ${query.nv2}`,
    query.nv3 && sql`w."IdNivel3" = ${query.nv3}`,
    query.IdCargo && sql`EXISTS (SELECT 1 FROM trabajador_cargos tc WHERE tc."IdPersona" = w."IdPersona" AND tc."IdCargo" = ${query.IdCargo})`,
  ];
  // Each part that applies (a filter not given is ''); true when none does.
  return sql.join([sql`1 = 1`, ...parts.filter((part): part is RawBuilder<unknown> => !!part)], sql` AND `);
}

/** `required(IdPersona, IdEpp)`: what each worker must hold, their positions' assignments plus their own. */
export function requiredCte(db: Db, company: string): RawBuilder<unknown> {
  const items = jsonTextItems(db, sql`a."Epps"`, 'j');
  return sql`required AS (
    SELECT a."IdPersona" AS "IdPersona", j.value AS "IdEpp" FROM epp_asignaciones a, ${items}
      WHERE a."IdEmpresa" = ${company} AND a."Estado" = 1 AND a."IdPersona" IS NOT NULL
    UNION
    SELECT tc."IdPersona" AS "IdPersona", j.value AS "IdEpp" FROM epp_asignaciones a
      JOIN trabajador_cargos tc ON tc."IdEmpresa" = a."IdEmpresa" AND tc."IdCargo" = a."IdCargo", ${items}
      WHERE a."IdEmpresa" = ${company} AND a."Estado" = 1 AND a."IdCargo" IS NOT NULL
  )`;
}

/**
 * `held(IdPersona, IdEpp, Hasta, IdEntregadosEpp)`: until when each worker is covered for each item they ever
 * validly received ('9999-12-31': never expires), and the acta of that line. Of lines lasting equally long, the
 * acta with the smallest id: SQLite gives a MAX's bare columns from the first row reaching it, and reads the
 * covering index of migration 0015 (its order ends in VenceEl, IdEntregadosEpp); PostgreSQL says so with DISTINCT
 * ON. The few annulled actas are left out as a set.
 */
export function heldCte(db: Db, company: string): RawBuilder<unknown> {
  const hasta = sql`COALESCE(l."VenceEl", ${NEVER})`;
  const valid = sql`l."IdEmpresa" = ${company} AND l."IdEntregadosEpp" NOT IN
      (SELECT a."IdEntregadosEpp" FROM epp_entregas a WHERE a."IdEmpresa" = ${company} AND (a."Anulada" = 1 OR a."Estado" <> 1))`;
  if (engineOf(db) === 'postgres') {
    return sql`held AS (
    SELECT DISTINCT ON (l."IdPersona", l."IdEpp")
      l."IdPersona" AS "IdPersona", l."IdEpp" AS "IdEpp", ${hasta} AS "Hasta", l."IdEntregadosEpp" AS "IdEntregadosEpp"
    FROM epp_entregas_lineas l
    WHERE ${valid}
    ORDER BY l."IdPersona", l."IdEpp", ${hasta} DESC, l."IdEntregadosEpp"
  )`;
  }
  return sql`held AS (
    SELECT l."IdPersona" AS "IdPersona", l."IdEpp" AS "IdEpp", MAX(${hasta}) AS "Hasta", l."IdEntregadosEpp" AS "IdEntregadosEpp"
    FROM epp_entregas_lineas l
    WHERE ${valid}
    GROUP BY l."IdPersona", l."IdEpp"
  )`;
}

/** What a list shows of a delivered line `l` of the acta `e` (its reason a code: `lineState` writes it). */
export const LINE_SELECT =
  ['l.IdLinea', 'l.IdEntregadosEpp', 'l.IdEpp', 'l.NombreEpp', 'l.Talla', 'l.Cantidad', 'l.Fecha', 'l.VenceEl', 'e.Motivo'] as const;
