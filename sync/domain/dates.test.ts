import { describe, expect, it } from 'vitest';
import { formatDisplayDate, isWireDate, parseTypedDate, toWireDate, toWireMonth, withDateSlashes } from './dates.ts';

describe('dates', () => {
  it('sends the calendar day in Chile, not in UTC', () => {
    // 02:30 UTC on 1 March is still 28 February in Santiago (UTC-3 in summer).
    expect(toWireDate(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(toWireDate(new Date('2026-07-15T12:00:00Z'))).toBe('2026-07-15');
    expect(toWireMonth(new Date('2026-11-21T12:00:00Z'))).toBe('2026-11');
    // 03:30 UTC on 1 July is 23:30 on 30 June in Santiago (UTC-4 in winter).
    expect(toWireDate(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
    expect(toWireDate(new Date('1969-01-01T12:00:00Z'))).toBe('1969-01-01');
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

  it('reads a typed DD/MM/YYYY as the wire date, whatever the separator', () => {
    expect(parseTypedDate('24/11/2026')).toEqual({ kind: 'date', wire: '2026-11-24' });
    expect(parseTypedDate(' 1/2/2026 ')).toEqual({ kind: 'date', wire: '2026-02-01' });
    expect(parseTypedDate('24-11-2026')).toEqual({ kind: 'date', wire: '2026-11-24' });
    expect(parseTypedDate('24.11.2026')).toEqual({ kind: 'date', wire: '2026-11-24' });
    expect(parseTypedDate('24112026')).toEqual({ kind: 'date', wire: '2026-11-24' });
    expect(parseTypedDate('')).toEqual({ kind: 'empty' });
    expect(parseTypedDate('   ')).toEqual({ kind: 'empty' });
  });

  it('says why a typed text is not a date of the field', () => {
    expect(parseTypedDate('24/11/26')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedDate('24/11')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedDate('2026-11-24')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedDate('hoy')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedDate('31/02/2026')).toEqual({ kind: 'invalid', problem: 'inexistent' });
    expect(parseTypedDate('29/02/2026')).toEqual({ kind: 'invalid', problem: 'inexistent' });
    expect(parseTypedDate('29/02/2024')).toEqual({ kind: 'date', wire: '2024-02-29' });
    expect(parseTypedDate('00/01/2026')).toEqual({ kind: 'invalid', problem: 'inexistent' });
    expect(parseTypedDate('01/13/2026')).toEqual({ kind: 'invalid', problem: 'inexistent' });
  });

  it('keeps a typed date within the field range, both ends included', () => {
    const range = { min: '1969-01-01', max: '2026-11-24' };
    expect(parseTypedDate('01/01/1969', range)).toEqual({ kind: 'date', wire: '1969-01-01' });
    expect(parseTypedDate('24/11/2026', range)).toEqual({ kind: 'date', wire: '2026-11-24' });
    expect(parseTypedDate('31/12/1968', range)).toEqual({ kind: 'invalid', problem: 'before-min' });
    expect(parseTypedDate('25/11/2026', range)).toEqual({ kind: 'invalid', problem: 'after-max' });
    expect(parseTypedDate('01/01/2100', { min: '2026-11-24' })).toEqual({ kind: 'date', wire: '2100-01-01' });
  });

  it('adds the slashes of DD/MM/YYYY as digits are typed, not as they are deleted', () => {
    const typed = [...'24112026'].reduce((text, digit) => withDateSlashes(text, `${text}${digit}`), '');
    expect(typed).toBe('24/11/2026');
    expect(withDateSlashes('2', '2/')).toBe('2/');
    expect(withDateSlashes('2/', '2/03')).toBe('2/03/');
    expect(withDateSlashes('24/', '24//')).toBe('24/');
    expect(withDateSlashes('24/', '24')).toBe('24');
    expect(withDateSlashes('24/11/', '24/11')).toBe('24/11');
  });
});
