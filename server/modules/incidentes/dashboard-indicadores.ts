import {
  type AccidentRate,
  accidentRate,
  countsInRates,
  EXCLUSION_REASONS,
  RATE_FORMULAS,
  rollingTwelve,
} from '#sync/domain/accident-rates.ts';
import { CLASIFICACION_TRAYECTO, CLASIFICACIONES } from '#sync/domain/incident-form.ts';
import type { AccidentIndicator } from '#sync/schemas/accidentes-dashboard.schema.ts';
import { type DashboardAnswer, type DashboardPoint, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import { sharedFigures } from '#server/records/dashboard-memo.ts';
import {
  figuresOf,
  type IndicatorInput,
  lastDayOf,
  monthList,
  type RangeCase,
  rangeCases,
  rangeMonths,
  scopedCases,
  windowFigures,
} from './dashboard-figuras.ts';

/**
 * The incidents dashboard's indicators (spec part 2, "Accidents", Dashboard). Rates: one point per month of the range
 * (whole months) with the month's rate (Valor) and the rolling twelve months that end there (Valor2); a month without
 * headcount (or hours) has no rate: it is left out of the points and named in `avisos`, never divided by zero.
 */

const round2 = (value: number) => Math.round(value * 100) / 100;

const BY_HEADCOUNT: Record<AccidentRate, boolean> = {
  tasa_accidentabilidad: true,
  tasa_siniestralidad: true,
  tasa_frecuencia: false,
  tasa_gravedad: false,
};
const RATE_UNIT: Record<AccidentRate, string> = {
  tasa_accidentabilidad: '%',
  tasa_siniestralidad: '%',
  tasa_frecuencia: '',
  tasa_gravedad: '',
};

export const CLIENT_NOTICE = 'Un cliente no registra dotación ni horas hombre: las tasas no se calculan para un cliente';

/** What a figure could not count: months without headcount or hours, and the scope of a client. */
export function missingNotices(input: IndicatorInput, missing: readonly string[], byHeadcount: boolean): string[] {
  if (input.scope.client) return [CLIENT_NOTICE];
  if (missing.length === 0) return [];
  return byHeadcount
    ? [
        `Sin dotación registrada en ${monthList(missing)}: esos meses no tienen tasa mensual y los últimos 12 meses promedian solo los meses con dotación`,
      ]
    : [
        `Sin horas hombre registradas en ${monthList(missing)}: esos meses no tienen índice mensual y los últimos 12 meses suman solo los meses con horas`,
      ];
}

/** Trayecto cases of the range: counted with the covering index, shown, never in a rate. */
async function trayectoNotice(input: IndicatorInput): Promise<string[]> {
  const { start, end } = input.scope.filters;
  const { filters, contractor, client } = input.scope;
  const key = JSON.stringify(['accidentes-trayecto', start, end, filters.nv2, filters.nv3, contractor, client]);
  const trayecto = await sharedFigures(input.deps.db, input.scope.company, key, async () => {
    const row = await scopedCases(input)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('incidentes.Clasificacion', '=', CLASIFICACION_TRAYECTO)
      .where('incidentes.FechaOcurrencia', '>=', start)
      .where('incidentes.FechaOcurrencia', '<=', end)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
  if (trayecto === 0) return [];
  return [
    `${trayecto} ${trayecto === 1 ? 'accidente de trayecto' : 'accidentes de trayecto'} en el rango: se muestran en la tabla de eventos, no entran en las tasas`,
  ];
}

function rateIndicator(rate: AccidentRate) {
  return async (input: IndicatorInput): Promise<DashboardAnswer> => {
    const { range, first, last } = rangeMonths(input.scope);
    const window = await windowFigures(input, first, last);
    const data: DashboardPoint[] = [];
    for (const month of range) {
      const monthly = accidentRate(rate, figuresOf(window, [month]));
      if (monthly.value === null) continue;
      const rolling = accidentRate(rate, figuresOf(window, rollingTwelve(month)));
      data.push({
        Nombre: shortMonthLabel(month),
        Valor: monthly.value,
        ...(rolling.value === null ? {} : { Valor2: rolling.value }),
        registros: { Mes: month },
      });
    }
    const total = accidentRate(rate, figuresOf(window, rollingTwelve(last)));
    const byHeadcount = BY_HEADCOUNT[rate];
    const missing = [...window.months.values()]
      .filter((month) => (byHeadcount ? month.headcount : month.hours) === null)
      .map((month) => month.Mes);
    return {
      statusCode: 200,
      total: total.value,
      unidad: RATE_UNIT[rate],
      data,
      series: ['Mensual', 'Últimos 12 meses'],
      formula: RATE_FORMULAS[rate],
      avisos: [...missingNotices(input, missing, byHeadcount), ...(await trayectoNotice(input))],
    };
  };
}

/** Headcount or hours of each month of the range; the total is the average headcount, or the hours summed. */
function denominatorIndicator(kind: 'dotacion' | 'horas_hombre') {
  return async (input: IndicatorInput): Promise<DashboardAnswer> => {
    const { range, first, last } = rangeMonths(input.scope);
    const window = await windowFigures(input, first, last);
    const months = figuresOf(window, range);
    const value = (month: (typeof months)[number]) => (kind === 'dotacion' ? month.headcount : month.hours);
    const known = months.filter((month) => value(month) !== null);
    const sum = known.reduce((total, month) => total + value(month)!, 0);
    const missing = months.filter((month) => value(month) === null).map((month) => month.Mes);
    return {
      statusCode: 200,
      total: known.length === 0 ? null : kind === 'dotacion' ? round2(sum / known.length) : round2(sum),
      unidad: kind === 'dotacion' ? 'trabajadores' : 'HH',
      data: known.map((month) => ({ Nombre: shortMonthLabel(month.Mes), Valor: value(month)!, registros: { Mes: month.Mes } })),
      formula:
        kind === 'dotacion'
          ? 'Dotación registrada de cada mes (suma de sus niveles y contratistas); el total es el promedio de los meses con dotación'
          : 'Horas hombre registradas de cada mes (suma de sus niveles y contratistas); el total las suma',
      avisos: input.scope.client
        ? [CLIENT_NOTICE]
        : missing.length
          ? [`Sin ${kind === 'dotacion' ? 'dotación registrada' : 'horas hombre registradas'} en ${monthList(missing)}`]
          : [],
    };
  };
}

async function diasPerdidos(input: IndicatorInput): Promise<DashboardAnswer> {
  const { range, first, last } = rangeMonths(input.scope);
  const window = await windowFigures(input, first, last);
  const months = figuresOf(window, range);
  return {
    statusCode: 200,
    total: months.reduce((total, month) => total + month.lostDays, 0),
    unidad: 'días',
    data: months.map((month) => ({ Nombre: shortMonthLabel(month.Mes), Valor: month.lostDays, registros: { Mes: month.Mes } })),
    formula:
      'Días de incapacidad de los accidentes con tiempo perdido que caen en cada mes: desde el día siguiente al accidente hasta el alta (los casos sin alta, hasta hoy)',
  };
}

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

export interface CategoryChart {
  table: AccidentCatalogueTable;
  /** The registros filter that selects the cases of a bar. */
  filter: string;
  values: (report: RangeCase) => readonly string[];
  /** Only catalogue records of this kind (factors: Personal or Trabajo). */
  tipo?: string;
  formula: string;
}

export const CATEGORY_CHARTS: Record<
  | 'tipo_evento'
  | 'riesgo_especifico'
  | 'accion_subestandar'
  | 'condicion_subestandar'
  | 'factor_personal'
  | 'factor_trabajo'
  | 'falta_control',
  CategoryChart
> = {
  tipo_evento: {
    table: 'tipos_evento',
    filter: 'TipoEvento',
    values: (report) => [report.TipoEvento],
    formula: 'Casos del rango por tipo de evento',
  },
  riesgo_especifico: {
    table: 'riesgos_especificos',
    filter: 'IdRiesgoEspecifico',
    values: (report) => (report.IdRiesgoEspecifico ? [report.IdRiesgoEspecifico] : []),
    formula: 'Casos del rango por riesgo específico (los casos sin riesgo específico no se cuentan)',
  },
  accion_subestandar: {
    table: 'actos_subestandares',
    filter: 'IdActo',
    values: (report) => report.ActosSubestandar,
    formula: 'Casos del rango que señalan cada acción subestándar (un caso puede señalar varias)',
  },
  condicion_subestandar: {
    table: 'condiciones_subestandares',
    filter: 'IdCondicion',
    values: (report) => report.CondicionSubestandar,
    formula: 'Casos del rango que señalan cada condición subestándar (un caso puede señalar varias)',
  },
  factor_personal: {
    table: 'factores',
    filter: 'IdFactor',
    tipo: 'Personal',
    values: (report) => report.Factores,
    formula: 'Casos del rango que señalan cada factor personal',
  },
  factor_trabajo: {
    table: 'factores',
    filter: 'IdFactor',
    tipo: 'Trabajo',
    values: (report) => report.Factores,
    formula: 'Casos del rango que señalan cada factor del trabajo',
  },
  falta_control: {
    table: 'faltas_control',
    filter: 'IdFaltaControl',
    values: (report) => report.FaltaControl,
    formula: 'Casos del rango que señalan cada falta de control (un caso puede señalar varias)',
  },
};

/** Names (and kinds) of a catalogue's records, deleted ones too: an old case keeps naming what it named. */
export async function catalogueNames(
  input: IndicatorInput,
  table: AccidentCatalogueTable,
): Promise<Map<string, { Info: string; Tipo: string; Estado: number }>> {
  const rows = await input.deps.db
    .selectFrom(table)
    .select(['Id', 'Info', 'Tipo', 'Estado'])
    .where('IdEmpresa', '=', input.scope.company)
    .execute();
  return new Map(rows.map((row) => [row.Id, { Info: row.Info, Tipo: row.Tipo, Estado: Number(row.Estado) }]));
}

function categoryIndicator(chart: CategoryChart) {
  return async (input: IndicatorInput): Promise<DashboardAnswer> => {
    const [cases, names] = await Promise.all([rangeCases(input), catalogueNames(input, chart.table)]);
    const counts = new Map<string, number>();
    let counted = 0;
    for (const report of cases) {
      const values = [...new Set(chart.values(report))].filter((id) => !chart.tipo || names.get(id)?.Tipo === chart.tipo);
      if (values.length > 0) counted += 1;
      for (const id of values) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const data = [...counts]
      .map(([id, count]) => ({
        Nombre: names.get(id)?.Info ?? 'Registro eliminado del catálogo',
        Valor: count,
        registros: { [chart.filter]: id },
      }))
      .sort((a, b) => b.Valor - a.Valor || a.Nombre.localeCompare(b.Nombre, 'es'));
    return { statusCode: 200, total: counted, unidad: 'casos', data, formula: chart.formula };
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
