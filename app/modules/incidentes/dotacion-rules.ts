import { toWireMonth } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { formatRut } from '#sync/domain/rut.ts';

/** The record's identity: one headcount per month, levels and contractor (the server refuses a second one). */
export function dotacionKey(row: { Mes: string; IdNivel2: string; IdNivel3?: string | null; RutContratista?: string | null }): string {
  return [row.Mes, row.IdNivel2.toLowerCase(), (row.IdNivel3 ?? '').toLowerCase(), (row.RutContratista ?? '').replace(/[.\s]/g, '').toUpperCase()].join('|');
}

/** This month in Chile (YYYY-MM): later months have not started and take no headcount. */
export function currentMonth(now = new Date()): string {
  return toWireMonth(now);
}

/** "03/2026". */
export function monthText(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? `${month.slice(5, 7)}/${month.slice(0, 4)}` : month;
}

/** Hours with a decimal comma, as many decimals as they have (up to two). */
export function hoursText(hours: number): string {
  return formatNumber(hours, Number.isInteger(hours) ? 0 : Number.isInteger(hours * 10) ? 1 : 2);
}

/** The contractor's RUT, or that the row is the company's own staff. */
export function contractorText(rut: string | null | undefined): string {
  return rut ? formatRut(rut) : 'Personal propio';
}
