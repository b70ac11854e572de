import { describe, expect, it } from 'vitest';
import { expiryDate, validityState } from './validity.ts';

describe('expiryDate', () => {
  it('adds whole months and keeps the day', () => {
    expect(expiryDate('2026-03-15', 1)).toBe('2026-04-15');
    expect(expiryDate('2026-03-15', 12)).toBe('2027-03-15');
    expect(expiryDate('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('clamps to the last day of a shorter month, leap years included', () => {
    expect(expiryDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(expiryDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(expiryDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(expiryDate('2026-03-31', 1)).toBe('2026-04-30');
    expect(expiryDate('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('is null for 0 months: indefinite', () => {
    expect(expiryDate('2026-05-10', 0)).toBeNull();
  });

  it('refuses a date that does not exist and negative or fractional months', () => {
    expect(() => expiryDate('2026-02-30', 1)).toThrow();
    expect(() => expiryDate('2026-02-10', -1)).toThrow();
    expect(() => expiryDate('2026-02-10', 1.5)).toThrow();
  });
});

describe('validityState', () => {
  it('is vigente when it never expires', () => {
    expect(validityState(null, '2090-01-01')).toBe('vigente');
  });

  it('is valid through its expiry day and vencida from the next day', () => {
    expect(validityState('2026-11-25', '2026-11-25')).toBe('por-vencer');
    expect(validityState('2026-11-25', '2026-11-26')).toBe('vencida');
  });

  it('is por vencer within 30 days of the expiry and vigente before', () => {
    expect(validityState('2026-12-25', '2026-11-25')).toBe('por-vencer');
    expect(validityState('2026-12-26', '2026-11-25')).toBe('vigente');
  });
});
