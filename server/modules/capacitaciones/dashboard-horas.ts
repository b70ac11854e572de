import { sql } from 'kysely';
import { TRAINING_STATE_LABELS } from '#sync/domain/training-rules.ts';
import { EXPIRING_SOON_DAYS, type ValidityState } from '#sync/domain/validity.ts';
import { type DashboardAnswer, type DashboardPoint, monthsOfYear } from '#sync/schemas/dashboard-filters.schema.ts';
import { activeWorkerCount, type DashboardScope, monthEnd } from '#server/records/dashboard-scope.ts';
import { barsById, indicatorAnswer, monthlyPoints, round, sum } from '#server/records/indicators/indicator-figures.ts';
import { type IndicatorInput, scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { addDays, gainsValidity, monthOf, realisedAttendance } from './asistencias.repo.ts';
import { type MonthFigures, summedMonths } from './dashboard-meses.ts';

/**
 * The trainings dashboard's figures over attendance (hours, people, sessions, validity). The indicators the page
 * asks together read one summary of the range (three grouped queries over the covering indexes), computed once.
 * Hours and attendances by month, sums that only add up, read their whole months from the monthly summary rows
 * (dashboard-meses.ts); people and sessions are distinct counts, which months of parties cannot add up.
 */

const ratio = (part: number, whole: number) => (whole > 0 ? round(part / whole) : 0);

interface Counts {
  HH: number;
  Filas: number;
  Personas: number;
  Sesiones: number;
}

interface Summary {
  total: Counts;
  months: { Mes: string; counts: Counts }[];
  byType: Map<string, number>;
  byCargo: Map<string | null, number>;
}

interface Range {
  from: string;
  to: string;
}

/** One row of the summary: a month's counts (`mes`), a type's hours (`tipo`) or a position's hours (`cargo`). */
interface SummaryRow {
  Clave: 'mes' | 'tipo' | 'cargo';
  Id: string | null;
  HH: number;
  Filas: number;
  Sesiones: number;
}

/**
 * Hours and attendances by month, session, type and position, grouped in the index's order (month, then session)
 * without sorting, and summed by month, by type and by position in the same statement: a few dozen rows leave
 * SQLite, not one per group. Types and positions come in the order of their first group (what a tie of hours keeps);
 * positions first met in the same session, by id (no position first), as SQLite's grouping left them.
 * The people who attended each month and in the whole range are counted by SQLite over the index of month and
 * person (0019), which it reads in order.
 */
async function computeSummary({ deps, scope }: IndicatorInput, range: Range): Promise<Summary> {
  const { company, filters, contractor, client } = scope;
  const base = () => realisedAttendance(deps.db, { company, ...range, nv2: filters.nv2, nv3: filters.nv3, contractor, client });
  const column = (name: 'IdCapacitacion' | 'IdTipoCapacitacion' | 'IdCargo' | 'IdPersona') => `capacitacion_participantes.${name}` as const;
  const groups = base()
    .select([
      monthOf.as('Mes'),
      column('IdCapacitacion'),
      column('IdTipoCapacitacion'),
      column('IdCargo'),
      sql<number>`sum(capacitacion_participantes."DuracionHoras")`.as('HH'),
      sql<number>`count(*)`.as('Filas'),
    ])
    .groupBy([monthOf, column('IdCapacitacion'), column('IdTipoCapacitacion'), column('IdCargo')]);
  const [summed, people, everyone] = await Promise.all([
    // The grouped query comes in parentheses already.
    sql<SummaryRow>`WITH grupos AS MATERIALIZED ${groups}
      SELECT 'mes' AS "Clave", "Mes" AS "Id", sum("HH") AS "HH", sum("Filas") AS "Filas", count(DISTINCT "IdCapacitacion") AS "Sesiones", '' AS "Orden"
        FROM grupos GROUP BY "Mes"
      UNION ALL SELECT 'tipo', "IdTipoCapacitacion", sum("HH"), 0, 0, min("Mes" || "IdCapacitacion") FROM grupos GROUP BY "IdTipoCapacitacion"
      UNION ALL SELECT 'cargo', "IdCargo", sum("HH"), 0, 0, min("Mes" || "IdCapacitacion") FROM grupos GROUP BY "IdCargo"
      ORDER BY "Clave", "Orden", "Id" NULLS FIRST`.execute(deps.db),
    // IdPersona is never null (0009): counting its distinct values counts every person.
    deps.db
      .selectFrom(
        base()
          .select([monthOf.as('Mes'), column('IdPersona')])
          .groupBy([monthOf, column('IdPersona')])
          .as('persona_mes'),
      )
      .select(['persona_mes.Mes', sql<number>`count(*)`.as('Personas')])
      .groupBy('persona_mes.Mes')
      .execute(),
    base()
      .select(sql<number>`count(distinct capacitacion_participantes."IdPersona")`.as('Personas'))
      .executeTakeFirstOrThrow(),
  ]);
  const months = new Map<string, Counts>();
  const monthOfRow = (month: string) => {
    const found = months.get(month) ?? { HH: 0, Filas: 0, Personas: 0, Sesiones: 0 };
    months.set(month, found);
    return found;
  };
  const byType = new Map<string, number>();
  const byCargo = new Map<string | null, number>();
  const total = { HH: 0, Filas: 0, Personas: Number(everyone.Personas), Sesiones: 0 };
  for (const row of summed.rows) {
    const hours = Number(row.HH);
    if (row.Clave === 'tipo') byType.set(row.Id!, hours);
    else if (row.Clave === 'cargo') byCargo.set(row.Id, hours);
    else {
      const month = monthOfRow(row.Id!);
      month.HH = hours;
      month.Filas = Number(row.Filas);
      month.Sesiones = Number(row.Sesiones);
      total.HH += hours;
      total.Filas += month.Filas;
      total.Sesiones += month.Sesiones;
    }
  }
  for (const row of people) monthOfRow(row.Mes).Personas = Number(row.Personas);
  return {
    total,
    months: [...months].sort(([a], [b]) => a.localeCompare(b)).map(([Mes, counts]) => ({ Mes, counts })),
    byType,
    byCargo,
  };
}

function summary(input: IndicatorInput, range: Range = { from: input.scope.filters.start, to: input.scope.filters.end }): Promise<Summary> {
  return scopedFigures(input, ['capacitaciones-resumen', range], () => computeSummary(input, range));
}

/**
 * Hours and attendances by month of the dashboard's range: from the monthly summary rows, or, with a level chosen,
 * from the attendance (an attendee's levels are not kept in the summary).
 */
function hoursByMonth(input: IndicatorInput): Promise<MonthFigures> {
  const { nv2, nv3, start, end } = input.scope.filters;
  return nv2 || nv3 ? summary(input) : summedMonths(input, start, end);
}

function headcount(input: IndicatorInput): Promise<number> {
  return scopedFigures(input, ['dotacion'], () => activeWorkerCount(input.deps.db, input.scope));
}

/** The days of a month: what a month's bar of the year opens. */
export const monthDays = (month: string) => ({ desde: `${month}-01`, hasta: addDays(monthEnd(month), -1) });

/** The days of a month inside the dashboard's range: what a month's bar opens. */
function monthRecords(scope: DashboardScope, month: string): Record<string, string> {
  const { desde, hasta } = monthDays(month);
  return { desde: desde > scope.filters.start ? desde : scope.filters.start, hasta: hasta < scope.filters.end ? hasta : scope.filters.end };
}

function monthly<C>(input: IndicatorInput, figures: Pick<MonthFigures<C>, 'months'>, value: (counts: C) => number): DashboardPoint[] {
  const counts = new Map(figures.months.map((month) => [month.Mes, month.counts]));
  const point = (month: string) => ({ Valor: round(value(counts.get(month)!)), registros: monthRecords(input.scope, month) });
  return monthlyPoints([...counts.keys()], point);
}

export async function hhCapacitacion(input: IndicatorInput): Promise<DashboardAnswer> {
  const figures = await hoursByMonth(input);
  return indicatorAnswer(round(figures.total.HH), 'HH', monthly(input, figures, (counts) => counts.HH));
}

export async function hhPromedio(input: IndicatorInput): Promise<DashboardAnswer> {
  const figures = await summary(input);
  const data = monthly(input, figures, (counts) => counts.HH / counts.Personas);
  return indicatorAnswer(ratio(figures.total.HH, figures.total.Personas), 'HH por asistente', data);
}

export async function totalAsistentes(input: IndicatorInput): Promise<DashboardAnswer> {
  const figures = await hoursByMonth(input);
  return indicatorAnswer(figures.total.Filas, 'asistencias', monthly(input, figures, (counts) => counts.Filas));
}

export async function totalActividades(input: IndicatorInput): Promise<DashboardAnswer> {
  const figures = await summary(input);
  return indicatorAnswer(figures.total.Sesiones, 'capacitaciones', monthly(input, figures, (counts) => counts.Sesiones));
}

/** HH of training per worker of the scope's headcount (no worked hours are kept: the rate is per worker). */
export async function tasaCapacitacion(input: IndicatorInput): Promise<DashboardAnswer> {
  const [figures, workers] = await Promise.all([hoursByMonth(input), headcount(input)]);
  const data = monthly(input, figures, (counts) => (workers > 0 ? counts.HH / workers : 0));
  return indicatorAnswer(ratio(figures.total.HH, workers), 'HH por trabajador', data);
}

/** Hours by month with a level chosen, which the summary does not keep: one pass over the attendance in the index's order. */
async function yearHoursOfLevels(input: IndicatorInput, range: Range): Promise<Map<string, number>> {
  const { company, filters, contractor, client } = input.scope;
  const rows = await realisedAttendance(input.deps.db, { company, ...range, nv2: filters.nv2, nv3: filters.nv3, contractor, client })
    .select([monthOf.as('Mes'), sql<number>`sum(capacitacion_participantes."DuracionHoras")`.as('HH')])
    .groupBy(monthOf)
    .execute();
  return new Map(rows.map((row) => [row.Mes, Number(row.HH)]));
}

/** The twelve months of the year of the dashboard's month: hours only, whole months from the monthly summary. */
export async function hhAnual(input: IndicatorInput): Promise<DashboardAnswer> {
  const months = monthsOfYear(input.scope.filters.month);
  const range = { from: `${months[0]}-01`, to: `${months[11]}-31` };
  const { nv2, nv3 } = input.scope.filters;
  const hours =
    nv2 || nv3
      ? await yearHoursOfLevels(input, range)
      : new Map((await summedMonths(input, range.from, range.to)).months.map((month) => [month.Mes, month.counts.HH]));
  const data = monthlyPoints(months, (month) => ({ Valor: round(hours.get(month) ?? 0), registros: monthDays(month) }));
  return indicatorAnswer(round(sum(hours.values())), 'HH', data);
}

/** Hours by id, rounded as the bars show them. */
const rounded = <Id extends string | null>(hours: Map<Id, number>) => [...hours].map(([id, value]) => [id, round(value)] as const);

export async function hhTipo(input: IndicatorInput): Promise<DashboardAnswer> {
  const [figures, types] = await Promise.all([
    summary(input),
    input.deps.records.tipos_capacitacion.listActive(input.deps.db, input.scope.company, input.viewer),
  ]);
  const names = new Map(types.map((type) => [type.IdTipoCapacitacion, type.Nombre]));
  const data = barsById(rounded(figures.byType), (id) => names.get(id) ?? 'Tipo eliminado', 'type');
  return indicatorAnswer(round(figures.total.HH), 'HH', data);
}

export async function hhCargo(input: IndicatorInput): Promise<DashboardAnswer> {
  const [figures, cargos] = await Promise.all([
    summary(input),
    input.deps.records.cargos.listActive(input.deps.db, input.scope.company, input.viewer),
  ]);
  const names = new Map(cargos.map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
  const data = barsById(rounded(figures.byCargo), (id) => (id && names.get(id)) || 'Sin cargo', 'IdCargo');
  return indicatorAnswer(round(figures.total.HH), 'HH', data);
}

/** Every day ever: the state of validities is read on today over all realised attendance in the scope. */
const ALL_TIME = { desde: '1900-01-01', hasta: '9999-12-31' };
const INDEFINITE = '9999-12-31';

/**
 * Each worker's latest valid attendance of each type, by its state today: vigente, por vencer (30 days),
 * vencida. A training renewed since counts once, as the renewal. Indefinite (0 months) is always vigente.
 */
export async function estadoVigencias(input: IndicatorInput): Promise<DashboardAnswer> {
  const { company, filters, contractor, client, today } = input.scope;
  const soon = addDays(today, EXPIRING_SOON_DAYS);
  const latest = realisedAttendance(input.deps.db, {
    company,
    from: null,
    to: null,
    nv2: filters.nv2,
    nv3: filters.nv3,
    contractor,
    client,
  })
    .where(gainsValidity)
    .select(sql<string>`max(coalesce(capacitacion_participantes."FechaVencimiento", ${sql.lit(INDEFINITE)}))`.as('Vence'))
    .groupBy(['capacitacion_participantes.IdPersona', 'capacitacion_participantes.IdTipoCapacitacion']);
  // The same states as validityState (sync/domain/validity.ts), counted where the rows are.
  const state = sql<ValidityState>`case when "Vence" < ${today} then 'vencida' when "Vence" <= ${soon} then 'por-vencer' else 'vigente' end`;
  const rows = await input.deps.db
    .selectFrom(latest.as('ultima'))
    .select([state.as('Estado'), sql<number>`count(*)`.as('Cantidad')])
    // By its name: PostgreSQL takes the expression written twice, with its parameters twice, for another one.
    .groupBy(sql`"Estado"`)
    .execute();
  const counts = new Map(rows.map((row) => [row.Estado, Number(row.Cantidad)]));
  const data = (['vigente', 'por-vencer', 'vencida'] as const).map((name) => ({
    Nombre: TRAINING_STATE_LABELS[name],
    Valor: counts.get(name) ?? 0,
    registros: { estado: name, ...ALL_TIME },
  }));
  return indicatorAnswer(sum(data.map((point) => point.Valor)), 'capacitaciones por trabajador', data);
}
