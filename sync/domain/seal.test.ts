import { describe, expect, it } from 'vitest';
import { canonicalForm, isSeal, type SealLayout, SealInputError, sealOf, sha256OfText } from './seal.ts';

const layout: SealLayout = {
  id: 'prueba/1',
  fields: [
    { name: 'Nombre', kind: 'text' },
    { name: 'Cantidad', kind: 'number' },
    { name: 'Dia', kind: 'date' },
    { name: 'Hora', kind: 'instant' },
    { name: 'Huella', kind: 'sha256' },
    { name: 'Lineas', kind: 'list', of: [{ name: 'Talla', kind: 'text' }, { name: 'Cantidad', kind: 'number' }] },
    { name: 'Nota', kind: 'text', nullable: true },
  ],
};
const record = {
  Nombre: 'José Muñoz',
  Cantidad: 2,
  Dia: '2026-11-21',
  Hora: '2026-11-21T12:04:05.120-03:00',
  Huella: 'A'.repeat(64),
  Lineas: [{ Talla: 'M', Cantidad: 1 }],
  Nota: null,
};

describe('canonical form and seal', () => {
  it('writes the fields in the layout order, numbers as text, instants in UTC with zone, hashes in lower case', () => {
    const shuffled = { Nota: null, Lineas: [{ Cantidad: 1, Talla: 'M' }], Huella: 'A'.repeat(64), Hora: record.Hora, Dia: record.Dia, Cantidad: 2, Nombre: record.Nombre };
    const text = canonicalForm(layout, shuffled);
    expect(text).toBe(
      JSON.stringify(['prueba/1', [['Nombre', 'José Muñoz'], ['Cantidad', '2'], ['Dia', '2026-11-21'], ['Hora', '2026-11-21T15:04:05.120Z'], ['Huella', 'a'.repeat(64)], ['Lineas', [[['Talla', 'M'], ['Cantidad', '1']]]], ['Nota', null]]]),
    );
    expect(canonicalForm(layout, record)).toBe(text);
  });

  it('gives one text for the same moment written in any zone, and for a name typed composed or decomposed', () => {
    const utc = canonicalForm(layout, { ...record, Hora: '2026-11-21T15:04:05.12Z' });
    expect(canonicalForm(layout, record)).toBe(utc);
    const decomposed = 'Jose\u0301 Mun\u0303oz';
    expect(canonicalForm(layout, { ...record, Nombre: decomposed })).toBe(canonicalForm(layout, record));
  });

  it('writes large and small numbers in full, never with an exponent', () => {
    const text = (value: number) => JSON.parse(canonicalForm(layout, { ...record, Cantidad: value }))[1][1][1] as string;
    expect(text(1e21)).toBe('1000000000000000000000');
    expect(text(1.5e-7)).toBe('0.00000015');
    expect(text(-0)).toBe('0');
    expect(text(0.5)).toBe('0.5');
  });

  it('refuses what it cannot write unambiguously: a missing field, a time without zone, a number that is not finite, an unexpected null', () => {
    const { Nombre: _omitted, ...missing } = record;
    expect(() => canonicalForm(layout, missing)).toThrow(SealInputError);
    expect(() => canonicalForm(layout, { ...record, Hora: '2026-11-21T12:04:05' })).toThrow(/zona horaria/);
    expect(() => canonicalForm(layout, { ...record, Cantidad: Number.NaN })).toThrow(SealInputError);
    expect(() => canonicalForm(layout, { ...record, Nombre: null })).toThrow(/Falta Nombre/);
    expect(() => canonicalForm(layout, { ...record, Lineas: [{ Talla: 'M' }] })).toThrow(/Lineas\[0\]\.Cantidad/);
  });

  it('is the SHA-256 of the canonical text as UTF-8, and changes with any field', async () => {
    // FIPS 180-2 test vectors.
    expect(await sha256OfText('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // Text is hashed as UTF-8 (ñ is the two bytes c3 b1), as Node's crypto computes it.
    expect(await sha256OfText('ñ')).toBe('024bb90888ca89a15a19e9bdd8c712bfb070465fce1ef25e43c170ea44fc5e5f');
    const seal = await sealOf(layout, record);
    expect(seal).toBe(await sha256OfText(canonicalForm(layout, record)));
    expect(isSeal(seal)).toBe(true);
    expect(await sealOf(layout, { ...record, Lineas: [{ Talla: 'L', Cantidad: 1 }] })).not.toBe(seal);
    expect(await sealOf({ ...layout, id: 'prueba/2' }, record)).not.toBe(seal);
    expect(await sha256OfText('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
