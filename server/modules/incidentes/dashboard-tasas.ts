import { type AccidentRate, accidentRate, RATE_FORMULAS, rollingTwelve } from '#sync/domain/accident-rates.ts';
import { CLASIFICACION_TRAYECTO } from '#sync/domain/incident-form.ts';
import { type DashboardAnswer, type DashboardPoint, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';
import { sharedFigures } from '#server/records/dashboard-memo.ts';
import { figuresOf, type IndicatorInput, monthList, rangeMonths, scopedCases, windowFigures } from './dashboard-figuras.ts';

/**
 * The incidents dashboard's rates and their denominators. Rates: one point per month of the range (whole months) with
 * the month's rate (Valor) and the rolling twelve months that end there (Valor2); a month without headcount (or hours)
 * has no rate: it is left out of the points and named in `avisos`, never divided by zero.
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
    `${trayecto} ${trayecto === 1 ? 'accidente de trayecto' : 'accidentes de trayecto'} en el rango: se muestran en la tabla de eventos, no entran en ` +
      `las tasas`,
  ];
}

export function rateIndicator(rate: AccidentRate) {
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
export function denominatorIndicator(kind: 'dotacion' | 'horas_hombre') {
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

export async function diasPerdidos(input: IndicatorInput): Promise<DashboardAnswer> {
  const { range, first, last } = rangeMonths(input.scope);
  const window = await windowFigures(input, first, last);
  const months = figuresOf(window, range);
  return {
    statusCode: 200,
    total: months.reduce((total, month) => total + month.lostDays, 0),
    unidad: 'días',
    data: months.map((month) => ({ Nombre: shortMonthLabel(month.Mes), Valor: month.lostDays, registros: { Mes: month.Mes } })),
    formula:
      'Días de incapacidad de los accidentes con tiempo perdido que caen en cada mes: desde el día siguiente al accidente hasta el alta (los casos sin ' +
        'alta, hasta hoy)',
  };
}
