import { formatNumber } from '#sync/domain/number-format.ts';

/** The units of the dashboards' answers that change for one: "1 hallazgo", "3 hallazgos". */
const SINGULAR: Record<string, string> = {
  trabajadores: 'trabajador',
  hallazgos: 'hallazgo',
  casos: 'caso',
  días: 'día',
  asistencias: 'asistencia',
  capacitaciones: 'capacitación',
  líneas: 'línea',
  registros: 'registro',
  'capacitaciones por trabajador': 'capacitación por trabajador',
};

/** A unit as it reads after a number already written ("1" takes the singular; "0", "1,5" and "2" the plural). */
export function unitAfter(written: string, unit: string): string {
  return written === '1' ? (SINGULAR[unit] ?? unit) : unit;
}

/**
 * A number as the spec writes them (German style, decimal comma) with its unit, singular for one (none for an
 * index). One decimal unless the indicator asks for more (a rate: two, as the mutualidades publish them).
 */
export function valueText(value: number, unit: string, decimals = 1): string {
  const text = formatNumber(value, Number.isInteger(value) ? 0 : decimals);
  return unit === '' ? text : `${text} ${unitAfter(text, unit)}`;
}

/** An axis tick: whole numbers as they are, fractions with up to two decimals and no trailing zeros ("0,5"). */
export function tickText(value: number): string {
  return Number.isInteger(value) ? formatNumber(value) : formatNumber(value, 2).replace(/0$/, '');
}
