import { describe, expect, it } from 'vitest';
import { cleanRut, companyIdFromRut, formatRut, isValidRut, rutCheckDigit, rutError } from './rut.ts';

describe('RUT validation', () => {
  it('accepts valid RUTs of 7 and 8 digits, with and without dots, with k in either case', () => {
    for (const rut of ['76123456-0', '12345678-5', '1234567-4', '12.345.678-5', '1.234.567-4', '10000013-k', '10000013-K', '10.000.013-k']) {
      expect(rutError(rut), rut).toBeNull();
      expect(isValidRut(rut), rut).toBe(true);
    }
  });

  it('says the RUT is required when empty', () => {
    expect(rutError('')).toBe('El rut es requerido');
    expect(rutError('   ')).toBe('El rut es requerido');
    expect(rutError(undefined)).toBe('El rut es requerido');
  });

  it('says the format is wrong without hyphen, with 6 or 9 digits, or with letters', () => {
    for (const rut of ['123456785', '123456-0', '123456789-1', 'abcdefgh-1', '12345678-', '12345678-X', '12-345678-5']) {
      expect(rutError(rut), rut).toBe('El formato es incorrecto');
    }
  });

  it('says the RUT is not valid when the check digit is wrong', () => {
    expect(rutError('12345678-9')).toBe('El rut no es válido');
    expect(rutError('76123456-K')).toBe('El rut no es válido');
    expect(rutError('1234567-5')).toBe('El rut no es válido');
  });

  it('computes check digits including 0 and K', () => {
    expect(rutCheckDigit('76123456')).toBe('0');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('12345678')).toBe('5');
  });
});

describe('RUT formatting', () => {
  it('adds thousands dots and the hyphen', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('12345678-5')).toBe('12.345.678-5');
    expect(formatRut('1234567-4')).toBe('1.234.567-4');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
  });

  it('cleans dots and spaces and upper-cases k', () => {
    expect(cleanRut(' 12.345.678-k ')).toBe('12345678-K');
  });
});

describe('company id from RUT', () => {
  it('drops the last two characters (hyphen and check digit)', () => {
    expect(companyIdFromRut('76123456-0')).toBe('76123456');
    expect(companyIdFromRut('76.123.456-0')).toBe('76123456');
    expect(companyIdFromRut('7612345-K')).toBe('7612345');
  });
});
