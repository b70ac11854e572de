import { type DashboardAnswer, monthsOfYear } from '#sync/schemas/dashboard-filters.schema.ts';
import { countBy, indicatorAnswer, monthlyPoints, percent } from '#server/records/indicators/indicator-figures.ts';
import type { IndicatorInput } from '#server/records/indicators/indicator-input.ts';
import { monthDays } from './dashboard-horas.ts';

/**
 * The trainings dashboard's figures over the programme: lines planned for a month (the year's plan) against those
 * with a realised session planned under them. Lines for the whole company count in every level's view.
 */

interface PlanMonth {
  planned: number;
  realised: number;
}


/** Planned and realised lines by month (YYYY-MM) from `first` to `last`, both included. */
async function planByMonth({ deps, scope }: IndicatorInput, first: string, last: string): Promise<Map<string, PlanMonth>> {
  const { db } = deps;
  const { company, filters, contractor, client } = scope;
  let lines = db
    .selectFrom('programas_capacitacion')
    .select(['IdCapacitacion', 'Anio', 'Mes'])
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('Anio', '>=', Number(first.slice(0, 4)))
    .where('Anio', '<=', Number(last.slice(0, 4)));
  if (filters.nv2) lines = lines.where((eb) => eb.or([eb('IdNivel2', 'is', null), eb('IdNivel2', '=', filters.nv2)]));
  if (filters.nv3) lines = lines.where((eb) => eb.or([eb('IdNivel3', 'is', null), eb('IdNivel3', '=', filters.nv3)]));
  let sessions = db
    .selectFrom('capacitaciones')
    .select('IdPrograma')
    .distinct()
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('Realizada', '=', 1)
    .where('IdPrograma', 'is not', null);
  if (contractor) sessions = sessions.where('RutContratista', '=', contractor);
  if (client) sessions = sessions.where('IdCliente', '=', client);
  const [planned, realised] = await Promise.all([lines.execute(), sessions.execute()]);
  const done = new Set(realised.map((row) => row.IdPrograma));
  const inRange = planned
    .map((line) => ({ month: `${line.Anio}-${String(line.Mes).padStart(2, '0')}`, realised: done.has(line.IdCapacitacion) }))
    .filter(({ month }) => month >= first && month <= last);
  const realisedBy = countBy(inRange.filter((line) => line.realised).map((line) => line.month));
  const plannedBy = countBy(inRange.map((line) => line.month));
  return new Map([...plannedBy].map(([month, count]) => [month, { planned: count, realised: realisedBy.get(month) ?? 0 }]));
}

const sum = (months: Iterable<PlanMonth>) =>
  [...months].reduce((all, month) => ({ planned: all.planned + month.planned, realised: all.realised + month.realised }), {
    planned: 0,
    realised: 0,
  });

function compliance(plan: PlanMonth, records: Record<string, string>, pending: boolean): DashboardAnswer {
  return indicatorAnswer(percent(plan.realised, plan.planned), '%', [
    { Nombre: 'Programadas', Valor: plan.planned },
    { Nombre: 'Realizadas', Valor: plan.realised, registros: records },
    ...(pending ? [{ Nombre: 'Pendientes', Valor: plan.planned - plan.realised }] : []),
  ]);
}

/** Lines planned in the months of the dashboard's range, and how many were realised. */
export async function cumplimientoPrograma(input: IndicatorInput): Promise<DashboardAnswer> {
  const { start, end } = input.scope.filters;
  const months = await planByMonth(input, start.slice(0, 7), end.slice(0, 7));
  return compliance(sum(months.values()), { desde: start, hasta: end }, false);
}

/** The dashboard's month (current month by default). */
export async function programaMesActual(input: IndicatorInput): Promise<DashboardAnswer> {
  const { month } = input.scope.filters;
  const months = await planByMonth(input, month, month);
  return compliance(sum(months.values()), monthDays(month), true);
}

/** The year's plan month by month: planned against realised lines. */
export async function programaAnual(input: IndicatorInput): Promise<DashboardAnswer> {
  const year = monthsOfYear(input.scope.filters.month);
  const months = await planByMonth(input, year[0]!, year[11]!);
  const data = monthlyPoints(year, (month) => ({
    Valor: months.get(month)?.planned ?? 0,
    Valor2: months.get(month)?.realised ?? 0,
    registros: monthDays(month),
  }));
  const all = sum(months.values());
  return indicatorAnswer(percent(all.realised, all.planned), '%', data, { series: ['Programadas', 'Realizadas'] });
}

/** Each month's compliance and the year's cumulative compliance up to it (spec: Porcentaje, PorcentajeAcumulativo). */
export async function cumplimientoAnual(input: IndicatorInput): Promise<DashboardAnswer> {
  const year = monthsOfYear(input.scope.filters.month);
  const months = await planByMonth(input, year[0]!, year[11]!);
  let planned = 0;
  let realised = 0;
  const data = monthlyPoints(year, (month) => {
    const entry = months.get(month) ?? { planned: 0, realised: 0 };
    planned += entry.planned;
    realised += entry.realised;
    return { Valor: percent(entry.realised, entry.planned), Valor2: percent(realised, planned), registros: monthDays(month) };
  });
  return indicatorAnswer(percent(realised, planned), '%', data, { series: ['Cumplimiento del mes', 'Cumplimiento acumulado'] });
}
