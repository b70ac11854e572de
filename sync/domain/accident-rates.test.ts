import { describe, expect, it } from 'vitest';
import { accidentRate, countsInRates, lostDaysBetween, type MonthFigures, rollingTwelve } from './accident-rates.ts';
import { monthsBetween } from '../schemas/dashboard-filters.schema.ts';

const month = (Mes: string, accidents: number, lostDays: number, headcount: number | null, hours: number | null): MonthFigures => ({
  Mes,
  accidents,
  lostDays,
  headcount,
  hours,
});

describe('accident rates, the official way', () => {
  it('counts lost-time and fatal accidents only', () => {
    expect(countsInRates('Accidente con tiempo perdido')).toBe(true);
    expect(countsInRates('Accidente Fatal')).toBe(true);
    for (const other of ['Accidente de Trayecto', 'Cuasi Accidente', 'Accidente sin tiempo perdido', 'Accidente CDM'])
      expect(countsInRates(other)).toBe(false);
  });

  it('lost days fall in the months they belong to: after the accident up to the discharge, or to today while open', () => {
    const closed = { Clasificacion: 'Accidente con tiempo perdido', FechaOcurrencia: '2025-12-20', FechaAlta: '2026-01-05' };
    // 21–31 December, 1–5 January: 16 days, the case's DiasPerdidos (discharge minus accident).
    expect(lostDaysBetween(closed, '2025-12-01', '2025-12-31', '2026-03-15')).toBe(11);
    expect(lostDaysBetween(closed, '2026-01-01', '2026-01-31', '2026-03-15')).toBe(5);
    expect(lostDaysBetween(closed, '2026-02-01', '2026-02-28', '2026-03-15')).toBe(0);
    const open = { ...closed, FechaOcurrencia: '2026-03-10', FechaAlta: '' };
    expect(lostDaysBetween(open, '2026-03-01', '2026-03-31', '2026-03-15')).toBe(5);
    expect(lostDaysBetween(open, '2026-03-01', '2026-03-31', '2026-03-22')).toBe(12);
    // A discharge the same day loses none; other classifications lose none that enter a rate.
    expect(lostDaysBetween({ ...closed, FechaAlta: '2025-12-20' }, '2025-12-01', '2025-12-31', '2026-03-15')).toBe(0);
    expect(lostDaysBetween({ ...closed, Clasificacion: 'Accidente Fatal' }, '2025-12-01', '2025-12-31', '2026-03-15')).toBe(0);
    expect(lostDaysBetween({ ...closed, Clasificacion: 'Accidente de Trayecto' }, '2025-12-01', '2025-12-31', '2026-03-15')).toBe(0);
  });

  it('divides by the average headcount (× 100) or the hours (× 1,000,000), leaving out and naming months without them', () => {
    const months = [month('2026-01', 0, 5, 170, 34_000), month('2026-02', 1, 3, null, null), month('2026-03', 1, 5, 160, 30_000)];
    // 2 × 100 / ((170 + 160) / 2 = 165) = 1.2121…
    expect(accidentRate('tasa_accidentabilidad', months)).toEqual({ value: 1.21, numerator: 2, denominator: 165, missing: ['2026-02'] });
    // 13 × 100 / 165 = 7.8787…
    expect(accidentRate('tasa_siniestralidad', months)).toEqual({ value: 7.88, numerator: 13, denominator: 165, missing: ['2026-02'] });
    // 2 × 1,000,000 / 64,000 = 31.25
    expect(accidentRate('tasa_frecuencia', months)).toEqual({ value: 31.25, numerator: 2, denominator: 64_000, missing: ['2026-02'] });
    // 13 × 1,000,000 / 64,000 = 203.125
    expect(accidentRate('tasa_gravedad', months).value).toBe(203.13);
  });

  it('a period without headcount has no rate, never a division by zero', () => {
    expect(accidentRate('tasa_accidentabilidad', [month('2026-02', 1, 3, null, null)])).toEqual({
      value: null,
      numerator: 1,
      denominator: null,
      missing: ['2026-02'],
    });
    expect(accidentRate('tasa_frecuencia', [month('2026-02', 1, 3, 0, 0)]).value).toBeNull();
  });

  it('the rolling twelve months end at the month and cross the year boundary', () => {
    expect(rollingTwelve('2026-03')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(rollingTwelve('2025-12')).toEqual(monthsBetween('2025-01-01', '2025-12-31'));
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03-10', '2026-03-15')).toEqual(['2026-03']);
  });
});
