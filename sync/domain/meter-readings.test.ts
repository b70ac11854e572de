import { describe, expect, it } from 'vitest';
import { currentReading, READING_MESSAGES, readingProblem } from './meter-readings.ts';

describe('meter readings only move forward (FL-LEC1)', () => {
  it('takes a reading equal or higher than the last without a reason', () => {
    expect(readingProblem(12_000, { Valor: 12_000, Motivo: '' })).toBeNull();
    expect(readingProblem(null, { Valor: 0, Motivo: '' })).toBeNull();
  });

  it('asks a lower reading for the reason of its correction, and only a lower one', () => {
    expect(readingProblem(12_000, { Valor: 1_200, Motivo: '  ' })).toBe(READING_MESSAGES.lowerNeedsReason);
    expect(readingProblem(12_000, { Valor: 1_200, Motivo: 'Se digitó un cero de más el 20/11' })).toBeNull();
    expect(readingProblem(12_000, { Valor: 12_500, Motivo: 'Porque sí' })).toBe(READING_MESSAGES.reasonOnlyWhenLower);
    expect(readingProblem(12_000, { Valor: -1, Motivo: '' })).toBe(READING_MESSAGES.invalid);
  });

  it('reads the current value as the last taken, a correction included', () => {
    const readings = [
      { Fecha: '2026-11-01', Valor: 11_800 },
      { Fecha: '2026-11-20', Valor: 120_000 },
      { Fecha: '2026-11-20', Valor: 12_000 },
    ];
    expect(currentReading(readings)).toBe(12_000);
    expect(currentReading([])).toBeNull();
  });
});
