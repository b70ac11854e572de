import { describe, expect, it } from 'vitest';
import { parseReading, readingText } from './meter-text.ts';

describe('meter readings as a person types and reads them', () => {
  it('reads digits, a point grouping thousands and one decimal mark', () => {
    expect(parseReading('12345')).toBe(12345);
    expect(parseReading(' 12.345 ')).toBe(12345);
    expect(parseReading('1.234.567,5')).toBe(1234567.5);
    expect(parseReading('1234,5')).toBe(1234.5);
    expect(parseReading('1234.5')).toBe(1234.5);
  });

  it('refuses what is not a reading', () => {
    for (const text of ['', '-5', 'abc', '12,34,5', '1e5']) expect(parseReading(text), text).toBeNull();
  });

  it('shows the reading with its unit', () => {
    expect(readingText(12345, 'km')).toBe('12.345 km');
    expect(readingText(1234.5, 'horas')).toBe('1.234,5 horas');
    expect(readingText(7, '')).toBe('7');
  });
});
