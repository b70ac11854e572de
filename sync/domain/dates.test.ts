import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  chileDayStart,
  formatDisplayDate,
  formatDisplayMonth,
  isWireDate,
  isWireMonth,
  monthLongName,
  parseTypedDate,
  parseTypedMonth,
  toWireDate,
  toWireMonth,
  withDateSlashes,
  withMonthSlash,
} from './dates.ts';

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

  it('shows a month as MM/YYYY and by its Spanish name', () => {
    expect(formatDisplayMonth('2026-11')).toBe('11/2026');
    expect(formatDisplayMonth('2026-13')).toBe('');
    expect(formatDisplayMonth(null)).toBe('');
    expect(monthLongName('2026-11')).toBe('noviembre de 2026');
    expect(monthLongName('2027-01')).toBe('enero de 2027');
    expect(isWireMonth('2026-09')).toBe(true);
    expect(isWireMonth('2026-9')).toBe(false);
  });

  it('reads a typed MM/YYYY, or a Spanish month name and a year, as the wire month', () => {
    expect(parseTypedMonth('11/2026')).toEqual({ kind: 'month', wire: '2026-11' });
    expect(parseTypedMonth(' 3/2026 ')).toEqual({ kind: 'month', wire: '2026-03' });
    expect(parseTypedMonth('03-2026')).toEqual({ kind: 'month', wire: '2026-03' });
    expect(parseTypedMonth('032026')).toEqual({ kind: 'month', wire: '2026-03' });
    expect(parseTypedMonth('Noviembre 2026')).toEqual({ kind: 'month', wire: '2026-11' });
    expect(parseTypedMonth('nov. de 2026')).toEqual({ kind: 'month', wire: '2026-11' });
    expect(parseTypedMonth('sept 2026')).toEqual({ kind: 'month', wire: '2026-09' });
    expect(parseTypedMonth('')).toEqual({ kind: 'empty' });
  });

  it('says why a typed text is not a month of the field', () => {
    expect(parseTypedMonth('13/2026')).toEqual({ kind: 'invalid', problem: 'inexistent' });
    expect(parseTypedMonth('00/2026')).toEqual({ kind: 'invalid', problem: 'inexistent' });
    expect(parseTypedMonth('11/26')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedMonth('2026-11')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedMonth('November 2026')).toEqual({ kind: 'invalid', problem: 'format' });
    expect(parseTypedMonth('24/11/2026')).toEqual({ kind: 'invalid', problem: 'format' });
    const range = { min: '1969-01', max: '2026-11' };
    expect(parseTypedMonth('11/2026', range)).toEqual({ kind: 'month', wire: '2026-11' });
    expect(parseTypedMonth('12/2026', range)).toEqual({ kind: 'invalid', problem: 'after-max' });
    expect(parseTypedMonth('12/1968', range)).toEqual({ kind: 'invalid', problem: 'before-min' });
  });

  it('adds the slash of MM/YYYY as the month is typed, not as it is deleted', () => {
    expect([...'112026'].reduce((text, digit) => withMonthSlash(text, `${text}${digit}`), '')).toBe('11/2026');
    expect(withMonthSlash('11/', '11')).toBe('11');
    expect(withMonthSlash('1', '1/')).toBe('1/');
  });

  it('counts months and days across years', () => {
    expect(addMonths('2026-11', -11)).toBe('2025-12');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-21', 30)).toBe('2026-12-21');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', 0)).toBe('2026-03');
  });

  it('finds the instant a Chilean day begins, in summer, in winter and on the nights the clocks change', () => {
    expect(chileDayStart('2026-01-15')).toBe('2026-01-15T03:00:00.000Z');
    expect(chileDayStart('2026-07-15')).toBe('2026-07-15T04:00:00.000Z');
    // 2026-09-06: at midnight the clocks go forward to 01:00 (-03:00); the day begins at 04:00 UTC.
    expect(chileDayStart('2026-09-06')).toBe('2026-09-06T04:00:00.000Z');
    // 2026-04-05: at midnight the clocks go back to 23:00 of the 4th; the 5th begins at 04:00 UTC.
    expect(chileDayStart('2026-04-05')).toBe('2026-04-05T04:00:00.000Z');
    expect(toWireDate(new Date(chileDayStart('2026-09-06')))).toBe('2026-09-06');
  });
});
