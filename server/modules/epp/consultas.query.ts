import { type RawBuilder, sql } from 'kysely';
import * as v from 'valibot';
import { MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { validityState } from '#sync/domain/validity.ts';
import { CONSULTA_ROWS, type ConsultaFilaByKind, type EppConsulta } from '#sync/schemas/epp-consultas.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { Db } from '#server/db/database.ts';
import { pagedRows, reportPage } from '#server/records/report-lists/report-page.ts';
import { type ConsultaScope, consultaFilters, heldCte, LINE_SELECT, requiredCte } from './consultas.sql.ts';
import { describeWorkers } from './consultas.workers.ts';

/** A row as a consulta's SQL reads it: its worker, and the acta's RUT and name for a worker deleted since. */
type Raw = { IdPersona: string; RunPersona?: string; NombreTrabajador?: string };
/** What a consulta adds to each row of a page beyond its SQL's columns and its worker. */
type More<R> = (scope: ConsultaScope, rows: R[]) => ((raw: R) => object) | Promise<(raw: R) => object>;
/** What is known today of a worker deleted since: no position, level or contractor. */
const GONE = { Cargos: '', Nivel2: '', Nivel3: '', RutContratista: null };
type Consulta<K extends EppConsulta> = (scope: ConsultaScope) => Promise<ReportListAnswer<ConsultaFilaByKind[K]>>;

/**
 * A page of consulta `kind`: `select`'s rows (it selects COUNT(*) OVER () AS total; `page` is its LIMIT) with what
 * `more` adds to each and each row's worker as the company has them today (names, positions, levels; the acta's name
 * if deleted since), written as the consulta's row schema says: its fields, in its order.
 */
function consulta<K extends EppConsulta, R extends Raw = Raw>(
  kind: K,
  select: (scope: ConsultaScope, page: RawBuilder<unknown>) => RawBuilder<unknown>,
  more: More<R> = () => () => ({}),
): Consulta<K> {
  return async (scope) => {
    const read = ({ limit, offset }: { limit: number; offset: number }) =>
      sql<R & { total: number }>`${select(scope, sql`LIMIT ${limit} OFFSET ${offset}`)}`.execute(scope.db);
    const page = await pagedRows<R>(scope.query, async (window) => (await read(window)).rows);
    const ids = page.rows.map((raw) => raw.IdPersona);
    const [workers, extra] = await Promise.all([describeWorkers(scope.db, scope.company, ids), more(scope, page.rows)]);
    const data = page.rows.map((raw) => {
      const deleted = { RunPersona: raw.RunPersona ?? '', Nombre: raw.NombreTrabajador ?? '', ...GONE };
      const row = { ...raw, ...(workers.get(raw.IdPersona) ?? deleted), ...extra(raw) };
      return v.parse(CONSULTA_ROWS[kind], row) as ConsultaFilaByKind[K];
    });
    return reportPage(scope.query, data, page.total);
  };
}

/** A delivered line's reason in words and its state on `today`. */
export const lineState = (today: string) => (raw: { Motivo: number; VenceEl: string | null }) => ({
  Motivo: MOTIVOS_ENTREGA[raw.Motivo as MotivoEntrega] ?? '',
  Estado: validityState(raw.VenceEl, today),
});
const lines: More<{ Motivo: number; VenceEl: string | null } & Raw> = (scope) => lineState(scope.today);
/** A delivered line of the acta `e`, with the acta's worker for one deleted since. */
const LINE = sql`${sql.join(LINE_SELECT.map((column) => sql.ref(column)))}, l."IdPersona", e."RunPersona", e."NombreTrabajador"`;

/** Each worker `w` with each active item `t` they must hold (`required r`), by the worker's filters. */
const required = ({ company }: ConsultaScope) => sql`required r
    JOIN trabajadores w ON w."IdPersona" = r."IdPersona" AND w."IdEmpresa" = ${company}
    JOIN epp_tipos t ON t."IdEpp" = r."IdEpp" AND t."IdEmpresa" = ${company} AND t."Estado" = 1`;
const BY_WORKER = sql`ORDER BY w."ApellidoPaterno", w."ApellidoMaterno", w."Nombres", w."IdPersona", t."NombreEpp", r."IdEpp"`;

/** What is held past its useful life and not renewed (`held h` of the acta `e`, item `t`, worker `w`), by the delivery's filters. */
const expired = (scope: ConsultaScope) => sql`held h
    JOIN epp_entregas e ON e."IdEntregadosEpp" = h."IdEntregadosEpp"
    JOIN epp_tipos t ON t."IdEpp" = h."IdEpp"
    JOIN trabajadores w ON w."IdPersona" = h."IdPersona" AND w."IdEmpresa" = ${scope.company}
    WHERE h."Hasta" < ${scope.today} AND ${consultaFilters(scope, 'delivery')}`;

/** The date of the last valid delivery of each (worker, item) of a page. */
async function lastDeliveries(db: Db, company: string, pairs: { IdPersona: string; IdEpp: string }[]): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .selectFrom('epp_entregas_lineas as l')
    .innerJoin('epp_entregas as e', 'e.IdEntregadosEpp', 'l.IdEntregadosEpp')
    .select(['l.IdPersona', 'l.IdEpp', (eb) => eb.fn.max('l.Fecha').as('Fecha')])
    .where('l.IdEmpresa', '=', company)
    .where('l.IdPersona', 'in', [...new Set(pairs.map((pair) => pair.IdPersona))])
    .where('e.Anulada', '=', 0)
    .where('e.Estado', '=', 1)
    .groupBy(['l.IdPersona', 'l.IdEpp'])
    .execute();
  return new Map(rows.map((row) => [`${row.IdPersona} ${row.IdEpp}`, row.Fecha]));
}

/** Each consulta's page of rows for a scope (the route's filters, page and viewer). */
export const CONSULTAS: { [K in EppConsulta]: Consulta<K> } = {
  /** Per worker, each EPP their positions' assignments plus their own require. */
  asignados: consulta(
    'asignados',
    (scope, page) => sql`
    WITH ${requiredCte(scope.db, scope.company)}
    SELECT r."IdPersona", r."IdEpp", t."NombreEpp", t."VidaUtilMeses", COUNT(*) OVER () AS total
    FROM ${required(scope)}
    WHERE ${consultaFilters(scope, 'worker')}
    ${BY_WORKER} ${page}`,
  ),
  /** Every line of the non-annulled actas, newest first (deleted workers' too: the record stays). */
  entregados: consulta(
    'entregados',
    (scope, page) => sql`
    SELECT ${LINE}, COUNT(*) OVER () AS total
    FROM epp_entregas e
    JOIN epp_entregas_lineas l ON l."IdEntregadosEpp" = e."IdEntregadosEpp"
    LEFT JOIN trabajadores w ON w."IdPersona" = e."IdPersona" AND w."IdEmpresa" = ${scope.company}
    WHERE e."IdEmpresa" = ${scope.company} AND ${consultaFilters(scope, 'delivery', false)}
    ORDER BY l."Fecha" DESC, e."NombreTrabajador", e."IdEntregadosEpp", l."Orden"
    ${page}`,
    lines,
  ),
  /** The workers holding at least one expired, not renewed item, with how many and since when. */
  vencidos: consulta<'vencidos', Raw & { Vencidos: number | string }>(
    'vencidos',
    (scope, page) => sql`
    WITH ${heldCte(scope.db, scope.company)}
    SELECT x."IdPersona", MAX(x."RunPersona") AS "RunPersona", MAX(x."NombreTrabajador") AS "NombreTrabajador", COUNT(*) AS "Vencidos",
      string_agg(x."NombreEpp", ', ' ORDER BY x."NombreEpp") AS "Epps", MIN(x."Hasta") AS "VencidoDesde", MAX(x."Orden") AS "Orden",
      COUNT(*) OVER () AS total
    FROM (
      SELECT h."IdPersona", h."Hasta", t."NombreEpp", e."RunPersona", e."NombreTrabajador",
        w."ApellidoPaterno" || ' ' || w."ApellidoMaterno" || ' ' || w."Nombres" AS "Orden"
      FROM ${expired(scope)}
    ) x
    GROUP BY x."IdPersona"
    ORDER BY MIN(x."Hasta"), MAX(x."Orden"), x."IdPersona"
    ${page}`,
    () => (raw) => ({ Vencidos: Number(raw.Vencidos) }),
  ),
  /**
   * The expired lines themselves (held, past their useful life, not renewed), by item. The page first, then each
   * row's line: the first of the item in its acta that lasts until then (an acta may give one item in two sizes).
   */
  epp_vencidos: consulta(
    'epp_vencidos',
    (scope, page) => sql`
    WITH ${heldCte(scope.db, scope.company)}, page AS (
      SELECT h."IdEntregadosEpp", h."IdEpp", h."Hasta", t."NombreEpp" AS "Item", e."NombreTrabajador" AS "Nombre", h."IdPersona", COUNT(*) OVER () AS total
      FROM ${expired(scope)}
      ORDER BY t."NombreEpp", h."Hasta", e."NombreTrabajador", h."IdPersona", h."IdEpp"
      ${page}
    )
    SELECT ${LINE}, p.total FROM page p
    JOIN epp_entregas e ON e."IdEntregadosEpp" = p."IdEntregadosEpp"
    JOIN epp_entregas_lineas l ON l."IdLinea" = (SELECT f."IdLinea" FROM epp_entregas_lineas f
      WHERE f."IdEntregadosEpp" = p."IdEntregadosEpp" AND f."IdEpp" = p."IdEpp" AND f."VenceEl" = p."Hasta" ORDER BY f."Orden" LIMIT 1)
    ORDER BY p."Item", p."Hasta", p."Nombre", p."IdPersona", p."IdEpp"`,
    lines,
  ),
  /** Per worker, each required item they hold no valid (non-expired, non-annulled) delivery of. */
  pendientes_entrega: consulta<'pendientes_entrega', Raw & { IdEpp: string; VencioEl: string | null }>(
    'pendientes_entrega',
    (scope, page) => sql`
    WITH ${requiredCte(scope.db, scope.company)}, ${heldCte(scope.db, scope.company)}
    SELECT r."IdPersona", r."IdEpp", t."NombreEpp", h."Hasta" AS "VencioEl", COUNT(*) OVER () AS total
    FROM ${required(scope)}
    LEFT JOIN held h ON h."IdPersona" = r."IdPersona" AND h."IdEpp" = r."IdEpp"
    WHERE (h."Hasta" IS NULL OR h."Hasta" < ${scope.today}) AND ${consultaFilters(scope, 'worker')}
    ${BY_WORKER} ${page}`,
    async (scope, rows) => {
      const last = await lastDeliveries(scope.db, scope.company, rows.filter((raw) => raw.VencioEl !== null));
      return (raw) => ({ UltimaEntrega: last.get(`${raw.IdPersona} ${raw.IdEpp}`) ?? null });
    },
  ),
};
