import { isWireDate } from './dates.ts';

/**
 * Validity in months (spec 9: a certificate's vigencia, an EPP item's useful life; 0 means indefinite) and the state
 * of something that expires, the same way for trainings, EPP deliveries and certifications.
 */

/** Days before its expiry during which something valid is "por vencer". */
export const EXPIRING_SOON_DAYS = 30;

/**
 * The last day `months` after `start` (YYYY-MM-DD), clamped to the month's last day: 2026-01-31 + 1 = 2026-02-28,
 * 2028-01-31 + 1 = 2028-02-29. Valid through that day. Null for 0 months (indefinite).
 */
export function expiryDate(start: string, months: number): string | null {
  if (!isWireDate(start)) throw new Error(`Fecha inválida: ${start}`);
  if (!Number.isInteger(months) || months < 0) throw new Error(`Vigencia inválida: ${months}`);
  if (months === 0) return null;
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

export const VALIDITY_STATES = ['vigente', 'por-vencer', 'vencida'] as const;
export type ValidityState = (typeof VALIDITY_STATES)[number];

export const VALIDITY_LABELS: Record<ValidityState, string> = {
  vigente: 'Vigente',
  'por-vencer': 'Por vencer',
  vencida: 'Vencida',
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * On `today` (a Chile date, YYYY-MM-DD): vencida from the day after the expiry, por vencer within
 * EXPIRING_SOON_DAYS days of it (the expiry day included), vigente otherwise and always when it never expires.
 */
export function validityState(expiry: string | null, today: string): ValidityState {
  if (expiry === null) return 'vigente';
  if (today > expiry) return 'vencida';
  return daysBetween(today, expiry) <= EXPIRING_SOON_DAYS ? 'por-vencer' : 'vigente';
}
