import type { OnSite } from '#sync/domain/on-site.ts';
import { describe, expect, it } from 'vitest';
import {
  assetCode,
  countsText,
  gateAccreditations,
  type GateCheck,
  localInputInstant,
  movementBody,
  onSiteCounts,
  passesThisYear,
  rutWord,
  subjectText,
  toLocalInput,
  wayText,
} from './gate-view.ts';

const refusedCheck: GateCheck = {
  Sujeto: 'persona',
  Rut: '12494164-4',
  IdActivo: null,
  Nombre: 'Luis Pérez Rodríguez',
  answer: { Permitido: 0, Via: '', Hasta: '', Motivos: ['Examen preocupacional: rechazado'] },
};

describe('the gate screen in words', () => {
  it('says how someone got in, with Chilean dates and the shift end in Chile', () => {
    expect(wayText({ Permitido: 1, Via: 'acreditacion', Hasta: '2026-12-19', Motivos: [] })).toBe('Acreditado hasta el 19/12/2026');
    expect(wayText({ Permitido: 1, Via: 'pase', Hasta: '2026-11-30', Motivos: [] })).toBe('Pase del día válido hasta el 30/11/2026');
    // 23:00 UTC on 24 November is 20:00 in Chile (summer time, UTC-3).
    expect(wayText({ Permitido: 1, Via: 'provisorio', Hasta: '2026-11-24T23:00:00.000Z', Motivos: [] })).toBe(
      'Pase provisorio hasta las 20:00 del 24/11/2026',
    );
    expect(wayText({ Permitido: 1, Via: 'personal', Hasta: '', Motivos: [] })).toBe('Personal propio de la empresa');
    expect(wayText(refusedCheck.answer)).toBe('');
  });

  it('names a person with their formatted RUT, an asset by its kind', () => {
    expect(subjectText(refusedCheck)).toBe('Luis Pérez Rodríguez · RUT 12.494.164-4');
    expect(subjectText({ Sujeto: 'persona', Rut: '11000000-6', Nombre: '' })).toBe('RUT 11.000.000-6');
    expect(subjectText({ Sujeto: 'vehiculo', Rut: '', Nombre: 'JHKL42' })).toBe('Vehículo JHKL42');
  });

  it('compares plates and codes without spaces, dots or dashes, and finds a worker by the RUT word of the index', () => {
    expect(assetCode('bb-cc 12')).toBe('BBCC12');
    expect(assetCode('GH·01')).toBe('GH01');
    expect(rutWord('11.000.000-K')).toBe('11000000k');
  });
});

describe('what the gate keeps', () => {
  it('reads only live accreditation rows, and only what the decision needs', () => {
    const row = { IdNivel2: 'f1', Acreditado: 1 as const, AcreditadoHasta: '2026-12-19', Motivos: [], Estado: 1, NombrePersona: 'Juan' };
    expect(gateAccreditations([row, { ...row, Estado: 0, IdNivel2: 'f2' }])).toEqual([{ IdNivel2: 'f1', Acreditado: 1, AcreditadoHasta: '2026-12-19', Motivos: [] }]);
  });

  it('counts the provisional passes of the Chilean calendar year of now, deleted ones aside', () => {
    const passes = [
      { FechaDispositivo: '2026-01-01T03:30:00.000Z', Estado: 1 }, // 00:30 on 1 January in Chile: this year
      { FechaDispositivo: '2026-01-01T02:30:00.000Z', Estado: 1 }, // 23:30 on 31 December in Chile: last year
      { FechaDispositivo: '2026-06-10T12:00:00.000Z', Estado: 0 },
      { FechaDispositivo: '2026-11-20T12:00:00.000Z', Estado: 1 },
    ];
    expect(passesThisYear(passes, new Date('2026-11-24T12:00:00.000Z'))).toBe(2);
  });

  it('logs a refused entry with its reasons, and an exit as allowed with none', () => {
    const at = new Date('2026-11-24T11:00:00.000Z');
    const place = { IdNivel2: 'f1', Puerta: 'Portería principal' };
    expect(movementBody(refusedCheck, 'entrada', place, { IdMovimiento: 'm1', at })).toEqual({
      IdMovimiento: 'm1',
      Tipo: 'entrada',
      Sujeto: 'persona',
      Rut: '12494164-4',
      IdActivo: null,
      Nombre: 'Luis Pérez Rodríguez',
      IdNivel2: 'f1',
      Puerta: 'Portería principal',
      Permitido: 0,
      Via: '',
      Motivos: ['Examen preocupacional: rechazado'],
      FechaDispositivo: '2026-11-24T11:00:00.000Z',
    });
    expect(movementBody(refusedCheck, 'salida', place, { IdMovimiento: 'm2', at })).toMatchObject({ Tipo: 'salida', Permitido: 1, Via: '', Motivos: [] });
  });
});

describe('the roll call', () => {
  const onSite = (Sujeto: OnSite['entry']['Sujeto'], overdue: boolean) => ({ entry: { Sujeto }, overdue }) as OnSite;

  it('counts people, vehicles and machines, and who is past their shift', () => {
    const counts = onSiteCounts([onSite('persona', true), onSite('persona', false), onSite('vehiculo', false)]);
    expect(counts).toEqual({ persona: 2, vehiculo: 1, equipo: 0, overdue: 1 });
    expect(countsText(counts)).toBe('2 personas, 1 vehículo y 0 equipos');
    expect(countsText({ persona: 1, vehiculo: 0, equipo: 1, overdue: 0 })).toBe('1 persona, 0 vehículos y 1 equipo');
  });

  it('reads a past moment typed on the device’s clock, and nothing from an empty or broken field', () => {
    const instant = new Date(2026, 10, 24, 8, 30);
    expect(toLocalInput(instant)).toBe('2026-11-24T08:30');
    expect(localInputInstant('2026-11-24T08:30')).toBe(instant.toISOString());
    expect(localInputInstant('')).toBeNull();
    expect(localInputInstant('24/11/2026')).toBeNull();
  });
});
