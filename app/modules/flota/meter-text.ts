import { formatNumber } from '#sync/domain/number-format.ts';
import type { Medidor } from '#sync/schemas/flota-tipos.schema.ts';

const UNITS: Record<Exclude<Medidor, ''>, string> = { km: 'km', horas: 'horas' };

export const meterUnit = (medidor: Medidor) => (medidor === '' ? '' : UNITS[medidor]);

/** «12.345 km», «1.234,5 horas»: as a Chilean reads a number, with up to one decimal. */
export function readingText(value: number, medidor: Medidor): string {
  const number = formatNumber(value, Number.isInteger(value) ? 0 : 1);
  return medidor === '' ? number : `${number} ${UNITS[medidor]}`;
}

/**
 * A reading as typed: «12345», «12.345» (a point groups thousands, as written in Chile), «1234,5» or «1234.5» (one
 * decimal mark). Null when it is not a number.
 */
export function parseReading(input: string): number | null {
  const text = input.trim().replace(/\s/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) return Number(text.replace(/\./g, '').replace(',', '.'));
  if (/^\d+([.,]\d+)?$/.test(text)) return Number(text.replace(',', '.'));
  return null;
}
