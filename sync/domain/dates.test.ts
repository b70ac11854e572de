import { describe, expect, it } from 'vitest';
import { formatDisplayDate, isWireDate, toWireDate, toWireMonth } from './dates.ts';

describe('dates', () => {
  it('sends the calendar day in Chile, not in UTC', () => {
    // 02:30 UTC on 1 March is still 28 February in Santiago (UTC-3 in summer).
    expect(toWireDate(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(toWireDate(new Date('2026-07-15T12:00:00Z'))).toBe('2026-07-15');
    expect(toWireMonth(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11');
  });

  it('shows DD/MM/YYYY and hides the empty and zero dates', () => {
    expect(formatDisplayDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDisplayDate('2026-03-09 10:15:00')).toBe('09/03/2026');
    expect(formatDisplayDate('0000-00-00 00:00:00')).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate(null)).toBe('');
  });

  it('recognises real calendar dates only', () => {
    expect(isWireDate('2024-02-29')).toBe(true);
    expect(isWireDate('2026-02-29')).toBe(false);
    expect(isWireDate('2026-13-01')).toBe(false);
    expect(isWireDate('09/03/2026')).toBe(false);
  });
});
