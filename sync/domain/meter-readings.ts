/**
 * Meter readings (odometer in km, hour meter in hours) only move forward (issue 38): one mistyped reading would make
 * every reminder by meter overdue. A reading lower than the last one is a correction, which says why.
 */

export interface MeterReading {
  Fecha: string;
  Valor: number;
  /** Set on a reading lower than the one before it: why it was corrected. */
  Motivo: string;
}

export const READING_MESSAGES = {
  invalid: 'La lectura debe ser un número mayor o igual a cero',
  lowerNeedsReason: 'La lectura es menor que la última registrada: indica el motivo de la corrección',
  reasonOnlyWhenLower: 'El motivo de corrección solo se indica cuando la lectura es menor que la última',
} as const;

/** The current reading: the last one taken (a correction replaces what came before it); null with none. */
export function currentReading(readings: readonly Pick<MeterReading, 'Fecha' | 'Valor'>[]): number | null {
  let latest: Pick<MeterReading, 'Fecha' | 'Valor'> | null = null;
  for (const reading of readings) if (latest === null || reading.Fecha >= latest.Fecha) latest = reading;
  return latest?.Valor ?? null;
}

/** What is wrong with a new reading after `last`, or null: a number, never lower unless corrected with a reason. */
export function readingProblem(last: number | null, reading: Pick<MeterReading, 'Valor' | 'Motivo'>): string | null {
  if (!Number.isFinite(reading.Valor) || reading.Valor < 0) return READING_MESSAGES.invalid;
  const lower = last !== null && reading.Valor < last;
  if (lower && reading.Motivo.trim() === '') return READING_MESSAGES.lowerNeedsReason;
  if (!lower && reading.Motivo.trim() !== '') return READING_MESSAGES.reasonOnlyWhenLower;
  return null;
}
