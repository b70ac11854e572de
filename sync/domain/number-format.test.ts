import { describe, expect, it } from 'vitest';
import { formatGrade, formatNumber, parseGrade } from './number-format.ts';

describe('grades and numbers', () => {
  it('shows grades with a decimal comma and ,0 for integers', () => {
    expect(formatGrade(6)).toBe('6,0');
    expect(formatGrade(7)).toBe('7,0');
    expect(formatGrade(5.46)).toBe('5,5');
    expect(formatGrade(4.04)).toBe('4,0');
    expect(formatGrade(1)).toBe('1,0');
  });

  it('formats numbers German style', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234.5, 1)).toBe('1.234,5');
  });

  it('reads grades typed with a comma or a point; empty is 0', () => {
    expect(parseGrade('6,5')).toBe(6.5);
    expect(parseGrade('6.5')).toBe(6.5);
    expect(parseGrade('')).toBe(0);
    expect(parseGrade('seis')).toBeNull();
  });
});
