import { describe, expect, it } from 'vitest';
import { revisionMonthOf, suggestedRevisionMonth } from './revision-tecnica.ts';

describe('the revisión técnica calendar (FL-RT1)', () => {
  it('reads the month from the plate’s last digit, old plates and new', () => {
    expect(revisionMonthOf('HX·KL·21')).toBe(4);
    expect(revisionMonthOf('BBBB-19')).toBe(1);
    expect(revisionMonthOf('AB1230')).toBe(2);
    expect(revisionMonthOf('KTRV58')).toBe(11);
    expect(revisionMonthOf('GRÚA SIN PATENTE')).toBeNull();
  });

  it('suggests next year’s turn after a review on time or a month early, and this year’s for one out of turn', () => {
    expect(suggestedRevisionMonth('HXKL21', '2026-04-10')).toBe('2027-04');
    expect(suggestedRevisionMonth('HXKL21', '2026-03-15')).toBe('2027-04');
    expect(suggestedRevisionMonth('HXKL21', '2026-01-10')).toBe('2026-04');
    expect(suggestedRevisionMonth('BBBB19', '2026-12-20')).toBe('2028-01');
    expect(suggestedRevisionMonth('BBBB19', '2026-11-20')).toBe('2027-01');
    expect(suggestedRevisionMonth('SIN', '2026-11-20')).toBeNull();
  });
});
