import { describe, expect, it } from 'vitest';
import { CLASIFICACIONES, type Clasificacion } from './incident-form.ts';
import { clockText, diatClock, gravityOf, needsProof, requiresImmediateNotice } from './legal-clock.ts';

const KNOWN = '2026-11-21T12:00:00.000Z';
const HOUR = 3_600_000;
const start = Date.parse(KNOWN);
const facts = (Clasificacion: Clasificacion, fields: Partial<Parameters<typeof diatClock>[0]> = {}) => ({ Clasificacion, NombreAccidentado: 'Pedro Soto', FechaConocimiento: KNOWN, DiatPresentadaEn: null, ...fields });

describe('IC3: the DIAT clock, per classification', () => {
  it('runs 24 hours from when the company learned of it for every case with an injured worker but a cuasi accidente and a CDM', () => {
    const running = CLASIFICACIONES.filter((clasificacion) => diatClock(facts(clasificacion), start).applies);
    expect(running).toEqual(['Accidente con tiempo perdido', 'Accidente de Trayecto', 'Accidente Fatal', 'Accidente sin tiempo perdido']);
  });

  it('needs an injured worker and a known time; counts down, then overdue', () => {
    expect(diatClock(facts('Accidente con tiempo perdido', { NombreAccidentado: ' ' }), start)).toEqual({ applies: false });
    expect(diatClock(facts('Accidente con tiempo perdido', { FechaConocimiento: 'no' }), start)).toEqual({ applies: false });
    expect(diatClock({ ...facts('Accidente con tiempo perdido'), Clasificacion: null }, start)).toEqual({ applies: false });
    expect(diatClock(facts('Accidente con tiempo perdido'), start + 3 * HOUR)).toEqual({ applies: true, deadline: start + 24 * HOUR, filed: false, remainingMs: 21 * HOUR, overdue: false });
    expect(diatClock(facts('Accidente con tiempo perdido'), start + 25 * HOUR)).toMatchObject({ filed: false, remainingMs: -HOUR, overdue: true });
  });

  it('stops once the DIAT is filed, however late', () => {
    expect(diatClock(facts('Accidente de Trayecto', { DiatPresentadaEn: '2026-11-23T10:00:00.000Z' }), start + 60 * HOUR)).toEqual({ applies: true, deadline: start + 24 * HOUR, filed: true, filedAt: '2026-11-23T10:00:00.000Z' });
  });

  it('reads as hours, minutes and seconds left, or how long ago it expired', () => {
    expect(clockText(23 * HOUR + 5 * 60_000 + 9_000)).toBe('23 h 05 min 09 s');
    expect(clockText(12 * 60_000 + 40_000)).toBe('12 min 40 s');
    expect(clockText(-(2 * HOUR + 10 * 60_000))).toBe('Vencido hace 2 h 10 min 00 s');
  });

  it('a trayecto accident asks for its proof', () => {
    expect(CLASIFICACIONES.filter(needsProof)).toEqual(['Accidente de Trayecto']);
  });
});

describe('IC3: grave and fatal by SUSESO criteria', () => {
  it('any criterion makes it grave; the fatal classification or the death makes it fatal; none, not grave', () => {
    expect(gravityOf({ Clasificacion: 'Accidente con tiempo perdido', CriteriosGravedad: [] })).toBe('no_grave');
    expect(gravityOf({ Clasificacion: 'Accidente con tiempo perdido', CriteriosGravedad: ['amputacion'] })).toBe('grave');
    expect(gravityOf({ Clasificacion: 'Accidente con tiempo perdido', CriteriosGravedad: ['muerte'] })).toBe('fatal');
    expect(gravityOf({ Clasificacion: 'Accidente Fatal', CriteriosGravedad: [] })).toBe('fatal');
    expect(requiresImmediateNotice({ Clasificacion: 'Accidente sin tiempo perdido', CriteriosGravedad: ['caida_altura'] })).toBe(true);
    expect(requiresImmediateNotice({ Clasificacion: 'Accidente sin tiempo perdido', CriteriosGravedad: [] })).toBe(false);
  });
});
