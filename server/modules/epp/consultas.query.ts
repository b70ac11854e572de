import { type RawBuilder, sql } from 'kysely';
import { MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { validityState } from '#sync/domain/validity.ts';
import type {
  AsignadoFila,
  ConsultaFilaByKind,
  ConsultaTrabajador,
  EntregadoFila,
  EppConsulta,
  PendienteFila,
  VencidoFila,
} from '#sync/schemas/epp-consultas.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { Db } from '#server/db/database.ts';
import { pagedRows, reportPage } from '#server/records/report-lists/report-page.ts';
import { type ConsultaScope, deliveryFilters, heldCte, requiredCte, workerFilters } from './consultas.sql.ts';
import { describeWorkers } from './consultas.workers.ts';

type Paged<Raw> = { rows: Raw[]; total: number };

/** One page of `build`'s rows (it selects COUNT(*) OVER () AS total) with the total that match. */
const paged = <Raw>({ db, query }: ConsultaScope, build: (page: RawBuilder<unknown>) => RawBuilder<unknown>): Promise<Paged<Raw>> =>
  pagedRows<Raw>(query, async ({ limit, offset }) => {
    const { rows } = await sql<Raw & { total: number }>`${build(sql`LIMIT ${limit} OFFSET ${offset}`)}`.execute(db);
    return rows;
  });

const motivo = (code: number) => MOTIVOS_ENTREGA[code as MotivoEntrega] ?? '';

/** Each row's worker as the company has them today (names, positions, levels); the acta's name if deleted since. */
async function withWorkers<Raw extends { IdPersona: string; RunPersona?: string; NombreTrabajador?: string }, Row>(
  scope: ConsultaScope,
  page: Paged<Raw>,
  toRow: (raw: Raw, worker: ConsultaTrabajador) => Row,
): Promise<ReportListAnswer<Row>> {
  const workers = await describeWorkers(scope.db, scope.company, page.rows.map((raw) => raw.IdPersona));
  const data = page.rows.map((raw) => {
    const deleted = { IdPersona: raw.IdPersona, RunPersona: raw.RunPersona ?? '', Nombre: raw.NombreTrabajador ?? '' };
    return toRow(raw, workers.get(raw.IdPersona) ?? { ...deleted, Cargos: '', Nivel2: '', Nivel3: '', RutContratista: null });
  });
  return reportPage(scope.query, data, page.total);
}

/** asignados: per worker, each EPP their positions' assignments plus their own require. */
async function asignados(scope: ConsultaScope): Promise<ReportListAnswer<AsignadoFila>> {
  const page = await paged<{ IdPersona: string; IdEpp: string; NombreEpp: string; VidaUtilMeses: number }>(
    scope,
    (limit) => sql`
    WITH ${requiredCte(scope.db, scope.company)}
    SELECT r."IdPersona", r."IdEpp", t."NombreEpp", t."VidaUtilMeses", COUNT(*) OVER () AS total
    FROM required r
    JOIN trabajadores w ON w."IdPersona" = r."IdPersona" AND w."IdEmpresa" = ${scope.company}
    JOIN epp_tipos t ON t."IdEpp" = r."IdEpp" AND t."IdEmpresa" = ${scope.company} AND t."Estado" = 1
    WHERE ${workerFilters(scope, { partiesOnWorker: true, active: true })}
    ORDER BY w."ApellidoPaterno", w."ApellidoMaterno", w."Nombres", w."IdPersona", t."NombreEpp", r."IdEpp"
    ${limit}`,
  );
  return withWorkers(scope, page, (raw, worker) => ({
    ...worker,
    IdEpp: raw.IdEpp,
    NombreEpp: raw.NombreEpp,
    VidaUtilMeses: raw.VidaUtilMeses,
  }));
}

interface LineRaw {
  IdLinea: string;
  IdEntregadosEpp: string;
  IdPersona: string;
  RunPersona: string;
  NombreTrabajador: string;
  IdEpp: string;
  NombreEpp: string;
  Talla: string;
  Cantidad: number;
  Fecha: string;
  VenceEl: string | null;
  Motivo: number;
}

const lineRow =
  (scope: ConsultaScope) =>
  (raw: LineRaw, worker: ConsultaTrabajador): EntregadoFila => ({
    ...worker,
    IdLinea: raw.IdLinea,
    IdEntregadosEpp: raw.IdEntregadosEpp,
    Fecha: raw.Fecha,
    IdEpp: raw.IdEpp,
    NombreEpp: raw.NombreEpp,
    Talla: raw.Talla,
    Cantidad: raw.Cantidad,
    Motivo: motivo(raw.Motivo),
    VenceEl: raw.VenceEl,
    Estado: validityState(raw.VenceEl, scope.today),
  });

/** entregados: every line of the non-annulled actas, newest first (deleted workers' too: the record stays). */
async function entregados(scope: ConsultaScope): Promise<ReportListAnswer<EntregadoFila>> {
  const page = await paged<LineRaw>(
    scope,
    (limit) => sql`
    SELECT l."IdLinea", l."IdEntregadosEpp", l."IdPersona", e."RunPersona", e."NombreTrabajador", l."IdEpp", l."NombreEpp", l."Talla", l."Cantidad",
      l."Fecha", l."VenceEl", e."Motivo", COUNT(*) OVER () AS total
    FROM epp_entregas e
    JOIN epp_entregas_lineas l ON l."IdEntregadosEpp" = e."IdEntregadosEpp"
    LEFT JOIN trabajadores w ON w."IdPersona" = e."IdPersona" AND w."IdEmpresa" = ${scope.company}
    WHERE e."IdEmpresa" = ${scope.company} AND ${deliveryFilters(scope)} AND ${workerFilters(scope, { partiesOnWorker: false, active: false })}
    ORDER BY l."Fecha" DESC, e."NombreTrabajador", e."IdEntregadosEpp", l."Orden"
    ${limit}`,
  );
  return withWorkers(scope, page, lineRow(scope));
}

/** epp_vencidos: the expired lines themselves (held, past their useful life, not renewed), by item. */
async function eppVencidos(scope: ConsultaScope): Promise<ReportListAnswer<EntregadoFila>> {
  const page = await paged<{ IdPersona: string; IdEpp: string; IdEntregadosEpp: string; Hasta: string }>(
    scope,
    (limit) => sql`
    WITH ${heldCte(scope.db, scope.company)}
    SELECT h."IdPersona", h."IdEpp", h."IdEntregadosEpp", h."Hasta", COUNT(*) OVER () AS total
    FROM held h
    JOIN epp_entregas e ON e."IdEntregadosEpp" = h."IdEntregadosEpp"
    JOIN epp_tipos t ON t."IdEpp" = h."IdEpp"
    JOIN trabajadores w ON w."IdPersona" = h."IdPersona" AND w."IdEmpresa" = ${scope.company}
    WHERE h."Hasta" < ${scope.today} AND ${deliveryFilters(scope)} AND ${workerFilters(scope, { partiesOnWorker: false, active: true })}
    ORDER BY t."NombreEpp", h."Hasta", e."NombreTrabajador", h."IdPersona", h."IdEpp"
    ${limit}`,
  );
  const lines = await expiredLines(scope.db, page.rows);
  const held = { rows: page.rows.flatMap((raw) => lines.get(`${raw.IdEntregadosEpp} ${raw.IdEpp}`) ?? []), total: page.total };
  return withWorkers(scope, held, lineRow(scope));
}

/** The page's expired lines with what a list shows of them (size, quantity, the acta's reason and worker). */
async function expiredLines(db: Db, held: { IdEntregadosEpp: string; IdEpp: string; Hasta: string }[]): Promise<Map<string, LineRaw[]>> {
  if (held.length === 0) return new Map();
  const rows = await db
    .selectFrom('epp_entregas_lineas as l')
    .innerJoin('epp_entregas as e', 'e.IdEntregadosEpp', 'l.IdEntregadosEpp')
    .select([
      'l.IdLinea',
      'l.IdEntregadosEpp',
      'l.IdPersona',
      'e.RunPersona',
      'e.NombreTrabajador',
      'l.IdEpp',
      'l.NombreEpp',
      'l.Talla',
      'l.Cantidad',
      'l.Fecha',
      'l.VenceEl',
      'e.Motivo',
    ])
    .where('l.IdEntregadosEpp', 'in', [...new Set(held.map((raw) => raw.IdEntregadosEpp))])
    .orderBy('l.Orden')
    .execute();
  const wanted = new Map(held.map((raw) => [`${raw.IdEntregadosEpp} ${raw.IdEpp}`, raw.Hasta]));
  const found = new Map<string, LineRaw[]>();
  for (const row of rows) {
    const key = `${row.IdEntregadosEpp} ${row.IdEpp}`;
    // The one line of the item that lasts until then (an acta may give one item in two sizes).
    if (wanted.get(key) === row.VenceEl && !found.has(key)) found.set(key, [row]);
  }
  return found;
}

/** vencidos: the workers holding at least one expired, not renewed item, with how many and since when. */
async function vencidos(scope: ConsultaScope): Promise<ReportListAnswer<VencidoFila>> {
  const page = await paged<{
    IdPersona: string;
    RunPersona: string;
    NombreTrabajador: string;
    Vencidos: number;
    Epps: string;
    VencidoDesde: string;
  }>(
    scope,
    (limit) => sql`
    WITH ${heldCte(scope.db, scope.company)}
    SELECT x."IdPersona", MAX(x."RunPersona") AS "RunPersona", MAX(x."NombreTrabajador") AS "NombreTrabajador", COUNT(*) AS "Vencidos",
      string_agg(x."NombreEpp", ', ' ORDER BY x."NombreEpp") AS "Epps", MIN(x."Hasta") AS "VencidoDesde", MAX(x."Orden") AS "Orden",
      COUNT(*) OVER () AS total
    FROM (
      SELECT h."IdPersona", h."Hasta", t."NombreEpp", e."RunPersona", e."NombreTrabajador",
        w."ApellidoPaterno" || ' ' || w."ApellidoMaterno" || ' ' || w."Nombres" AS "Orden"
      FROM held h
      JOIN epp_entregas e ON e."IdEntregadosEpp" = h."IdEntregadosEpp"
      JOIN epp_tipos t ON t."IdEpp" = h."IdEpp"
      JOIN trabajadores w ON w."IdPersona" = h."IdPersona" AND w."IdEmpresa" = ${scope.company}
      WHERE h."Hasta" < ${scope.today} AND ${deliveryFilters(scope)} AND ${workerFilters(scope, { partiesOnWorker: false, active: true })}
    ) x
    GROUP BY x."IdPersona"
    ORDER BY MIN(x."Hasta"), MAX(x."Orden"), x."IdPersona"
    ${limit}`,
  );
  return withWorkers(scope, page, (raw, worker) => ({
    ...worker,
    Vencidos: Number(raw.Vencidos),
    Epps: raw.Epps,
    VencidoDesde: raw.VencidoDesde,
  }));
}

/** pendientes_entrega: per worker, each required item they hold no valid (non-expired, non-annulled) delivery of. */
async function pendientes(scope: ConsultaScope): Promise<ReportListAnswer<PendienteFila>> {
  const page = await paged<{ IdPersona: string; IdEpp: string; NombreEpp: string; Hasta: string | null }>(
    scope,
    (limit) => sql`
    WITH ${requiredCte(scope.db, scope.company)}, ${heldCte(scope.db, scope.company)}
    SELECT r."IdPersona", r."IdEpp", t."NombreEpp", h."Hasta", COUNT(*) OVER () AS total
    FROM required r
    JOIN trabajadores w ON w."IdPersona" = r."IdPersona" AND w."IdEmpresa" = ${scope.company}
    JOIN epp_tipos t ON t."IdEpp" = r."IdEpp" AND t."IdEmpresa" = ${scope.company} AND t."Estado" = 1
    LEFT JOIN held h ON h."IdPersona" = r."IdPersona" AND h."IdEpp" = r."IdEpp"
    WHERE (h."Hasta" IS NULL OR h."Hasta" < ${scope.today}) AND ${workerFilters(scope, { partiesOnWorker: true, active: true })}
    ORDER BY w."ApellidoPaterno", w."ApellidoMaterno", w."Nombres", w."IdPersona", t."NombreEpp", r."IdEpp"
    ${limit}`,
  );
  const last = await lastDeliveries(
    scope.db,
    scope.company,
    page.rows.filter((raw) => raw.Hasta !== null),
  );
  return withWorkers(scope, page, (raw, worker) => ({
    ...worker,
    IdEpp: raw.IdEpp,
    NombreEpp: raw.NombreEpp,
    UltimaEntrega: last.get(`${raw.IdPersona} ${raw.IdEpp}`) ?? null,
    VencioEl: raw.Hasta,
  }));
}

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

const CONSULTAS: { [K in EppConsulta]: (scope: ConsultaScope) => Promise<ReportListAnswer<ConsultaFilaByKind[K]>> } = {
  asignados,
  entregados,
  vencidos,
  epp_vencidos: eppVencidos,
  pendientes_entrega: pendientes,
};

export function runConsulta<K extends EppConsulta>(kind: K, scope: ConsultaScope): Promise<ReportListAnswer<ConsultaFilaByKind[K]>> {
  return CONSULTAS[kind](scope);
}
