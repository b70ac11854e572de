import { describe, expect, it } from 'vitest';
import { isGrade, passes } from './grades.ts';

describe('grades on the Chilean scale', () => {
  it('accepts 1,0 to 7,0 in tenths only', () => {
    for (const grade of [1, 4, 5.5, 6.9, 7]) expect(isGrade(grade), String(grade)).toBe(true);
    for (const grade of [0.9, 7.1, 5.55, Number.NaN, 0]) expect(isGrade(grade), String(grade)).toBe(false);
  });

  it('passes at 4,0', () => {
    expect(passes(4)).toBe(true);
    expect(passes(3.9)).toBe(false);
  });
});
