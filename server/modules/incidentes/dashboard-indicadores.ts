import { countsInRates, EXCLUSION_REASONS, RATE_FORMULAS } from '#sync/domain/accident-rates.ts';
import { CLASIFICACIONES } from '#sync/domain/incident-form.ts';
import type { AccidentIndicator } from '#sync/schemas/accidentes-dashboard.schema.ts';
import { type DashboardAnswer, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';
import { lastDayOf } from '#server/records/dashboard-scope.ts';
import { CATEGORY_CHARTS, categoryIndicator } from './dashboard-categorias.ts';
import { type IndicatorInput, rangeCases, rangeMonths } from './dashboard-figuras.ts';
import { denominatorIndicator, diasPerdidos, rateIndicator } from './dashboard-tasas.ts';

/** The incidents dashboard's indicators (spec part 2, "Accidents", Dashboard). */

/** The days of a month inside the range: what a month's bar of a count chart opens. */
function monthRecords(input: IndicatorInput, month: string): Record<string, string> {
  const { start, end } = input.scope.filters;
  const first = `${month}-01`;
  const last = lastDayOf(month);
  return { desde: first > start ? first : start, hasta: last < end ? last : end };
}

async function accidentesAcumulados(input: IndicatorInput): Promise<DashboardAnswer> {
  const { range } = rangeMonths(input.scope);
  const cases = await rangeCases(input);
  const perMonth = new Map<string, number>();
  for (const report of cases) perMonth.set(report.FechaOcurrencia.slice(0, 7), (perMonth.get(report.FechaOcurrencia.slice(0, 7)) ?? 0) + 1);
  let running = 0;
  const data = range.map((month) => {
    const count = perMonth.get(month) ?? 0;
    running += count;
    return { Nombre: shortMonthLabel(month), Valor: count, Valor2: running, registros: monthRecords(input, month) };
  });
  return {
    statusCode: 200,
    total: cases.length,
    unidad: 'casos',
    data,
    series: ['Casos del mes', 'Acumulado'],
    formula: 'Casos reportados de todas las clasificaciones, por mes de ocurrencia; la segunda serie acumula desde el inicio del rango',
  };
}

async function tablaEvento(input: IndicatorInput): Promise<DashboardAnswer> {
  const cases = await rangeCases(input);
  const counts = new Map<string, number>();
  for (const report of cases) counts.set(report.Clasificacion, (counts.get(report.Clasificacion) ?? 0) + 1);
  return {
    statusCode: 200,
    total: cases.length,
    unidad: 'casos',
    data: CLASIFICACIONES.map((name) => ({ Nombre: name, Valor: counts.get(name) ?? 0, registros: { Clasificacion: name } })),
    formula: 'Casos del rango por clasificación. Entran en las tasas: Accidente con tiempo perdido y Accidente Fatal',
    avisos: CLASIFICACIONES.filter((name) => !countsInRates(name)).map((name) => EXCLUSION_REASONS[name]!),
  };
}

/** Every indicator of the spec's list, by its name on the wire, with what the API reference says of it. */
export const ACCIDENT_INDICATOR_ANSWERS: Record<
  AccidentIndicator,
  { summary: string; compute: (input: IndicatorInput) => Promise<DashboardAnswer> }
> = {
  accidentes_acumulados: { summary: 'Casos por mes de ocurrencia del rango (Valor) y acumulados (Valor2)', compute: accidentesAcumulados },
  tipo_evento: { summary: 'Casos del rango por tipo de evento', compute: categoryIndicator(CATEGORY_CHARTS.tipo_evento) },
  riesgo_especifico: { summary: 'Casos del rango por riesgo específico', compute: categoryIndicator(CATEGORY_CHARTS.riesgo_especifico) },
  tasa_accidentabilidad: {
    summary: `Tasa de accidentabilidad por mes (Valor) y de los últimos 12 meses (Valor2; total al último mes): ${RATE_FORMULAS.tasa_accidentabilidad}`,
    compute: rateIndicator('tasa_accidentabilidad'),
  },
  tasa_siniestralidad: {
    summary: `Tasa de siniestralidad temporal por mes y de los últimos 12 meses: ${RATE_FORMULAS.tasa_siniestralidad}`,
    compute: rateIndicator('tasa_siniestralidad'),
  },
  tasa_frecuencia: {
    summary: `Índice de frecuencia por mes y de los últimos 12 meses: ${RATE_FORMULAS.tasa_frecuencia}`,
    compute: rateIndicator('tasa_frecuencia'),
  },
  tasa_gravedad: {
    summary: `Índice de gravedad por mes y de los últimos 12 meses: ${RATE_FORMULAS.tasa_gravedad}`,
    compute: rateIndicator('tasa_gravedad'),
  },
  dotacion: { summary: 'Dotación de cada mes del rango; total: dotación promedio', compute: denominatorIndicator('dotacion') },
  horas_hombre: { summary: 'Horas hombre de cada mes del rango; total: su suma', compute: denominatorIndicator('horas_hombre') },
  dias_perdidos: { summary: 'Días perdidos que caen en cada mes del rango (los casos sin alta, hasta hoy)', compute: diasPerdidos },
  accion_subestandar: { summary: 'Casos del rango por acción subestándar', compute: categoryIndicator(CATEGORY_CHARTS.accion_subestandar) },
  condicion_subestandar: {
    summary: 'Casos del rango por condición subestándar',
    compute: categoryIndicator(CATEGORY_CHARTS.condicion_subestandar),
  },
  factor_personal: { summary: 'Casos del rango por factor personal', compute: categoryIndicator(CATEGORY_CHARTS.factor_personal) },
  factor_trabajo: { summary: 'Casos del rango por factor del trabajo', compute: categoryIndicator(CATEGORY_CHARTS.factor_trabajo) },
  falta_control: { summary: 'Casos del rango por falta de control', compute: categoryIndicator(CATEGORY_CHARTS.falta_control) },
  tabla_evento: { summary: 'Casos del rango por clasificación (las seis), y cuáles entran en las tasas', compute: tablaEvento },
};
