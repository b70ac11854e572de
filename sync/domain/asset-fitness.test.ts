import { describe, expect, it } from 'vitest';
import { documentState, fitnessOf, fitWithOperator, nextService } from './asset-fitness.ts';

const TODAY = '2026-11-21';
const soap = { Nombre: 'SOAP', Obligatoria: 1 as const, FechaVencimiento: '2027-03-31' };
const revision = { Nombre: 'Revisión técnica', Obligatoria: 1 as const, FechaVencimiento: '2026-11-20' };
const insurance = { Nombre: 'Seguro', Obligatoria: 0 as const, FechaVencimiento: '2026-01-31' };

describe('maintenance by date or by meter, whichever comes first (FL-MAN1)', () => {
  const service = { Nombre: 'Mantención', Obligatoria: 1 as const, ...nextService({ Fecha: '2026-06-01', Lectura: 12_000 }, { Meses: 6, Intervalo: 250 }) };

  it('is due six months after the last service or 250 hours later, whichever comes first', () => {
    expect(service).toMatchObject({ FechaVencimiento: '2026-12-01', LecturaVencimiento: 12_250, IntervaloLectura: 250 });
    expect(documentState(service, TODAY, 12_100)).toBe('por-vencer');
    expect(documentState(service, '2026-10-01', 12_100)).toBe('vigente');
    expect(documentState(service, '2026-10-01', 12_230)).toBe('por-vencer');
    expect(documentState(service, '2026-10-01', 12_250)).toBe('vencida');
    expect(documentState(service, '2026-12-02', 12_010)).toBe('vencida');
  });

  it('keeps only the date when there is no interval or no reading', () => {
    expect(nextService({ Fecha: '2026-06-01', Lectura: null }, { Meses: 12, Intervalo: 500 })).toEqual({
      FechaVencimiento: '2027-06-01',
      LecturaVencimiento: null,
      IntervaloLectura: null,
    });
    expect(documentState({ ...service, LecturaVencimiento: null }, '2026-10-01', 99_999)).toBe('vigente');
  });
});

describe('fit to operate (FL-APT1, FL-APT2)', () => {
  it('is fit while every mandatory certification of its type is registered and in force', () => {
    expect(fitnessOf([soap, { ...revision, FechaVencimiento: '2027-04-30' }, insurance], ['SOAP', 'Revisión técnica'], TODAY, null)).toEqual({
      Apto: 1,
      Motivos: [],
    });
  });

  it('says why not: a mandatory one expired yesterday, one its type asks not registered; an optional one never stops it', () => {
    expect(fitnessOf([soap, revision, insurance], ['SOAP', 'Revisión técnica', 'Permiso de circulación'], TODAY, null)).toEqual({
      Apto: 0,
      Motivos: ['Permiso de circulación: sin registrar', 'Revisión técnica: vencida el 20/11/2026'],
    });
  });

  it('is fit with an operator only when both are, each reason said as whose', () => {
    const machine = fitnessOf([soap], ['SOAP'], TODAY, null);
    const licence = { Nombre: 'Licencia clase D', Obligatoria: 1 as const, FechaVencimiento: '2026-11-20' };
    const operator = fitnessOf([licence], [], TODAY, null);
    expect(fitWithOperator(machine, operator)).toEqual({ Apto: 0, Motivos: ['Operador: Licencia clase D: vencida el 20/11/2026'] });
    expect(fitWithOperator(machine, fitnessOf([{ ...licence, FechaVencimiento: '2030-01-01' }], [], TODAY, null))).toEqual({ Apto: 1, Motivos: [] });
  });
});
