import {
  type AccidentRate,
  accidentRate,
  CLASIFICACION_CON_TIEMPO_PERDIDO,
  countsInRates,
  EXCLUSION_REASONS,
  RATE_FORMULAS,
  rollingTwelve,
} from '#sync/domain/accident-rates.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { monthsBetween } from '#sync/schemas/dashboard-filters.schema.ts';
import { stringsOf } from '#server/db/json-strings.ts';
import { lastDayOf } from '#server/records/dashboard-scope.ts';
import { sum } from '#server/records/indicators/indicator-figures.ts';
import { recordsRange } from '#server/records/indicators/records-page.ts';
import type { Clasificacion } from '#sync/domain/incident-form.ts';
import {
  ACCIDENT_RATES,
  type AccidentIndicator,
  type AccidentRecordCase,
  type AccidentRecordMonth,
  type AccidentRecordsAnswer,
  type AccidentRecordsQuery,
} from '#sync/schemas/accidentes-dashboard.schema.ts';
import { CATEGORY_CHARTS, catalogueNames } from './dashboard-categorias.ts';
import {
  figuresOf,
  type IndicatorInput,
  lostDaysByMonth,
  monthBounds,
  type MonthBounds,
  monthName,
  type RangeCase,
  scopedCases,
  windowFigures,
} from './dashboard-figuras.ts';

/**
 * GET /api/accidentes/dashboard/registros/{company}: the cases and months behind a figure, with the numerator and
 * denominator as the figure computed them, so it can be reconciled by hand.
 *
 * - A rate: with `Mes`, that month; without it, the twelve months that end at the month of `hasta` (the dashboard's
 *   `total`). Its cases are every case of the period (those that count, and those listed but excluded with the
 *   reason) plus the lost-time cases of before whose lost days fall in it; its months, each with its headcount and
 *   hours (null: none entered).
 * - dotacion, horas_hombre and dias_perdidos: `Mes`, or the months of desde..hasta.
 * - The count charts: the cases that happened in desde..hasta (`Mes`: that month) and match the point's filter.
 */

const TITLES: Record<AccidentIndicator, string> = {
  accidentes_acumulados: 'Accidentes acumulados',
  tipo_evento: 'Casos por tipo de evento',
  riesgo_especifico: 'Casos por riesgo específico',
  tasa_accidentabilidad: 'Tasa de accidentabilidad',
  tasa_siniestralidad: 'Tasa de siniestralidad temporal',
  tasa_frecuencia: 'Índice de frecuencia',
  tasa_gravedad: 'Índice de gravedad',
  dotacion: 'Dotación',
  horas_hombre: 'Horas hombre',
  dias_perdidos: 'Días perdidos',
  accion_subestandar: 'Casos por acción subestándar',
  condicion_subestandar: 'Casos por condición subestándar',
  factor_personal: 'Casos por factor personal',
  factor_trabajo: 'Casos por factor del trabajo',
  falta_control: 'Casos por falta de control',
  tabla_evento: 'Casos por clasificación',
};

const FATAL_DAYS = 'Fatal: cuenta como accidente, pero no suma días de incapacidad temporal';
const isRate = (indicator: AccidentIndicator): indicator is AccidentRate => (ACCIDENT_RATES as readonly string[]).includes(indicator);
const countsDays = (rate: AccidentRate) => rate === 'tasa_siniestralidad' || rate === 'tasa_gravedad';
const monthsTitle = (months: readonly string[]) =>
  months.length === 1 ? monthName(months[0]!) : `${monthName(months[0]!)}–${monthName(months.at(-1)!)}`;

interface Period {
  from: string;
  to: string;
}

const CASE_COLUMNS = [
  'IdEvaluacion',
  'IdAccidente',
  'FechaOcurrencia',
  'Clasificacion',
  'NombreAccidentado',
  'Rut',
  'FechaAlta',
  'IdNivel2',
  'IdNivel3',
] as const;
const CHART_COLUMNS = ['TipoEvento', 'IdRiesgoEspecifico', 'ActosSubestandar', 'CondicionSubestandar', 'Factores', 'FaltaControl'] as const;

/**
 * The cases of the scope that happened in the period, or (rates) whose lost days reach into it; the count charts'
 * columns only when asked (a rate's rolling year may list thousands of cases).
 */
async function casesOf(input: IndicatorInput, period: Period, withLostDays: boolean, withChartColumns = false) {
  const [rows, levels] = await Promise.all([
    scopedCases(input)
      .select([...CASE_COLUMNS, ...(withChartColumns ? CHART_COLUMNS : [])].map((column) => `incidentes.${column}` as const))
      .where('incidentes.FechaOcurrencia', '<=', period.to)
      .where((eb) =>
        withLostDays
          ? eb.or([
              eb('incidentes.FechaOcurrencia', '>=', period.from),
              eb.and([
                eb('incidentes.Clasificacion', '=', CLASIFICACION_CON_TIEMPO_PERDIDO),
                eb.or([eb('incidentes.FechaAlta', '=', ''), eb('incidentes.FechaAlta', '>=', period.from)]),
              ]),
            ])
          : eb('incidentes.FechaOcurrencia', '>=', period.from),
      )
      .orderBy('incidentes.FechaOcurrencia')
      .orderBy('incidentes.IdAccidente')
      .execute(),
    input.deps.db.selectFrom('niveles').select(['IdNivel', 'Nombre']).where('IdEmpresa', '=', input.scope.company).execute(),
  ]);
  const names = new Map(levels.map((level) => [level.IdNivel, level.Nombre]));
  return rows.map((row) => {
    const found = row as unknown as Record<(typeof CASE_COLUMNS)[number], string> & {
      IdNivel2: string | null;
      IdNivel3: string | null;
    } & Partial<Record<(typeof CHART_COLUMNS)[number], string>>;
    return {
      ...found,
      Nivel2: (found.IdNivel2 && names.get(found.IdNivel2)) || null,
      Nivel3: (found.IdNivel3 && names.get(found.IdNivel3)) || null,
    };
  });
}

type CaseRow = Awaited<ReturnType<typeof casesOf>>[number];

function recordCase(row: CaseRow, days: number | null, cuenta: boolean, motivo: string | null): AccidentRecordCase {
  return {
    IdEvaluacion: row.IdEvaluacion,
    IdAccidente: row.IdAccidente,
    FechaOcurrencia: row.FechaOcurrencia,
    Clasificacion: row.Clasificacion,
    NombreAccidentado: row.NombreAccidentado,
    Rut: row.Rut,
    Nivel2: row.Nivel2 ?? null,
    Nivel3: row.Nivel3 ?? null,
    FechaAlta: row.FechaAlta,
    DiasEnPeriodo: days,
    Cuenta: cuenta,
    Motivo: motivo,
  };
}

const daysIn = (row: CaseRow, months: readonly MonthBounds[], today: string) =>
  sum(lostDaysByMonth(row, months, today).values());

async function monthRows(input: IndicatorInput, months: readonly string[]): Promise<AccidentRecordMonth[]> {
  const window = await windowFigures(input, months[0]!, months.at(-1)!);
  return figuresOf(window, months).map((month) => ({ Mes: month.Mes, Dotacion: month.headcount, HorasHombre: month.hours }));
}

async function rateRecords(input: IndicatorInput, rate: AccidentRate, query: AccidentRecordsQuery): Promise<AccidentRecordsAnswer> {
  const months = query.Mes ? [query.Mes] : rollingTwelve((query.hasta || input.scope.filters.end).slice(0, 7));
  const window = await windowFigures(input, months[0]!, months.at(-1)!);
  const result = accidentRate(rate, figuresOf(window, months));
  const period = { from: `${months[0]}-01`, to: lastDayOf(months.at(-1)!) };
  const today = input.scope.today;
  const bounds = monthBounds(months);
  const casos: AccidentRecordCase[] = [];
  for (const row of await casesOf(input, period, true)) {
    const happened = row.FechaOcurrencia >= period.from;
    const days = row.Clasificacion === CLASIFICACION_CON_TIEMPO_PERDIDO ? daysIn(row, bounds, today) : null;
    if (countsDays(rate)) {
      if (row.Clasificacion === CLASIFICACION_CON_TIEMPO_PERDIDO) casos.push(recordCase(row, days, true, null));
      else if (happened) casos.push(recordCase(row, null, false, EXCLUSION_REASONS[row.Clasificacion as Clasificacion] ?? FATAL_DAYS));
    } else if (happened) {
      const counts = countsInRates(row.Clasificacion);
      casos.push(recordCase(row, days, counts, counts ? null : (EXCLUSION_REASONS[row.Clasificacion as Clasificacion] ?? null)));
    }
  }
  return {
    statusCode: 200,
    titulo: `${TITLES[rate]} ${query.Mes ? monthName(query.Mes) : `de los últimos 12 meses, ${monthsTitle(months)}`}`,
    formula: RATE_FORMULAS[rate],
    numerador: result.numerator,
    denominador: result.denominator,
    valor: result.value,
    casos,
    meses: figuresOf(window, months).map((month) => ({ Mes: month.Mes, Dotacion: month.headcount, HorasHombre: month.hours })),
  };
}

/** The case as the count charts read it. */
const asRangeCase = (row: CaseRow): RangeCase => ({
  ...row,
  TipoEvento: row.TipoEvento ?? '',
  IdRiesgoEspecifico: row.IdRiesgoEspecifico ?? null,
  ActosSubestandar: stringsOf(row.ActosSubestandar),
  CondicionSubestandar: stringsOf(row.CondicionSubestandar),
  Factores: stringsOf(row.Factores),
  FaltaControl: stringsOf(row.FaltaControl),
});

/** Whether a case matches the point's own filter (a classification, a catalogue record). */
function matches(row: RangeCase, query: AccidentRecordsQuery): boolean {
  if (query.Clasificacion && row.Clasificacion !== query.Clasificacion) return false;
  if (query.TipoEvento && row.TipoEvento !== query.TipoEvento) return false;
  if (query.IdRiesgoEspecifico && row.IdRiesgoEspecifico !== query.IdRiesgoEspecifico) return false;
  if (query.IdActo && !row.ActosSubestandar.includes(query.IdActo)) return false;
  if (query.IdCondicion && !row.CondicionSubestandar.includes(query.IdCondicion)) return false;
  if (query.IdFactor && !row.Factores.includes(query.IdFactor)) return false;
  if (query.IdFaltaControl && !row.FaltaControl.includes(query.IdFaltaControl)) return false;
  return true;
}

export async function accidentRecords(input: IndicatorInput, query: AccidentRecordsQuery): Promise<AccidentRecordsAnswer> {
  const indicator = query.indicador;
  if (isRate(indicator)) return rateRecords(input, indicator, query);
  const { filters, today } = input.scope;
  const { from, to } = recordsRange(query, filters);
  const months = monthsBetween(from, to);
  const period = months.length === 1 ? monthName(months[0]!) : `${formatDisplayDate(from)}–${formatDisplayDate(to)}`;

  if (indicator === 'dotacion' || indicator === 'horas_hombre') {
    const meses = await monthRows(input, months);
    const values = meses
      .map((month) => (indicator === 'dotacion' ? month.Dotacion : month.HorasHombre))
      .filter((value): value is number => value !== null);
    const sum = values.reduce((total, value) => total + value, 0);
    const valor =
      values.length === 0 ? null : indicator === 'dotacion' ? Math.round((sum / values.length) * 100) / 100 : Math.round(sum * 100) / 100;
    return {
      statusCode: 200,
      titulo: `${TITLES[indicator]} ${months.length === 1 ? period : monthsTitle(months)}`,
      formula:
        indicator === 'dotacion' ? 'Promedio de la dotación de los meses con dotación registrada' : 'Suma de las horas hombre de los meses',
      numerador: null,
      denominador: valor,
      valor,
      casos: [],
      meses,
    };
  }

  if (indicator === 'dias_perdidos') {
    const bounds = monthBounds(months);
    const casos = (await casesOf(input, { from: `${months[0]}-01`, to: lastDayOf(months.at(-1)!) }, true))
      .filter((row) => row.Clasificacion === CLASIFICACION_CON_TIEMPO_PERDIDO)
      .map((row) => recordCase(row, daysIn(row, bounds, today), true, null))
      .filter((row) => row.DiasEnPeriodo! > 0);
    const total = sum(casos.map((row) => row.DiasEnPeriodo!));
    return {
      statusCode: 200,
      titulo: `${TITLES[indicator]} ${monthsTitle(months)}`,
      formula: 'Días de incapacidad de los accidentes con tiempo perdido que caen en el período (los casos sin alta, hasta hoy)',
      numerador: total,
      denominador: null,
      valor: total,
      casos,
      meses: [],
    };
  }

  // A category chart's cases are those its bars count: with a value of the chart's catalogue (of its kind).
  const chart = indicator in CATEGORY_CHARTS ? CATEGORY_CHARTS[indicator as keyof typeof CATEGORY_CHARTS] : undefined;
  const names = chart?.tipo ? await catalogueNames(input, chart.table) : null;
  const charted = (row: RangeCase) => !chart || chart.values(row).some((id) => !names || names.get(id)?.Tipo === chart.tipo);
  const casos = (await casesOf(input, { from, to }, false, true))
    .filter((row) => {
      const report = asRangeCase(row);
      return matches(report, query) && charted(report);
    })
    .map((row) => recordCase(row, null, true, null));
  return {
    statusCode: 200,
    titulo: `${TITLES[indicator]} ${period}`,
    formula: null,
    numerador: casos.length,
    denominador: null,
    valor: casos.length,
    casos,
    meses: [],
  };
}
