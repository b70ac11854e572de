import { isWireDate } from './dates.ts';

/**
 * The month a light vehicle's revisión técnica falls due, by the last digit of its plate (placa patente): the
 * Ministerio de Transportes y Telecomunicaciones' yearly calendar, the same since the calendar was set (as published
 * for 2026, e.g. 24horas.cl, 17/02/2026): 9 in January, 0 in February, 1 in April, 2 in May … 8 in November; March
 * and December have no digit (late vehicles, freight and passenger transport). Only a suggestion (issue 38): the
 * expiry is entered from the certificate, since trucks and buses go every six months and a plant may set another.
 */
const MONTH_BY_DIGIT: Readonly<Record<string, number>> = { 9: 1, 0: 2, 1: 4, 2: 5, 3: 6, 4: 7, 5: 8, 6: 9, 7: 10, 8: 11 };

/** The calendar month (1–12) of the plate's last digit, or null for a plate without one. */
export function revisionMonthOf(plate: string): number | null {
  const digit = [...plate.trim()].reverse().find((char) => char >= '0' && char <= '9');
  return digit === undefined ? null : MONTH_BY_DIGIT[digit]!;
}

/**
 * The month (YYYY-MM) the next revisión técnica of a vehicle reviewed on `issued` falls due: the plate's month after
 * the one following the review (a review may be taken a month early and still lasts until next year's turn).
 */
export function suggestedRevisionMonth(plate: string, issued: string): string | null {
  const month = revisionMonthOf(plate);
  if (month === null || !isWireDate(issued)) return null;
  const year = Number(issued.slice(0, 4));
  const earliest = year * 12 + Number(issued.slice(5, 7)); // the month after the review's, as a month count
  let due = year * 12 + (month - 1);
  while (due <= earliest) due += 12;
  return `${Math.floor(due / 12)}-${String((due % 12) + 1).padStart(2, '0')}`;
}
