import { describe, expect, it } from 'vitest';
import { fieldDisabled, fieldShown, fieldsNotStored } from './incident-form.ts';
import { derivedIncidentFields, incidentFolio, lostDays, type ReportCandidate, reportProblems } from './incident-rules.ts';
import { riskLevel } from './risk-matrix.ts';

const TODAY = '2026-11-21';
const report: ReportCandidate = {
  Clasificacion: 'Accidente con tiempo perdido',
  FechaOcurrencia: '2026-11-20',
  HoraOcurrencia: '09:15',
  FechaAlta: '',
  Lugar: 'Losa piso 3',
  TipoEvento: 'tipo',
  NombreAccidentado: 'Pedro Soto',
  Rut: '15234567-4',
  Monto: null,
  Probabilidad: null,
  Consecuencia: null,
  FechaConocimiento: '2026-11-20T13:00:00.000Z',
  NombreInformador: 'Jorge Araya',
  FirmaInformador: { Sha256: 'a'.repeat(64), Tipo: 'image/png' },
  MedioPrueba: '',
  DiatPresentadaEn: null,
  DiatPresentadaPor: '',
  DiatFolio: '',
  MedidasControl: [],
};
const fields = (changes: Partial<ReportCandidate>) => reportProblems({ ...report, ...changes }, TODAY).map((problem) => problem.field);

describe('IC2: the static accident form and its classifications', () => {
  it('the CDM omits FechaAlta and DiasPerdidos; Monto is disabled for the first classification; lost days are computed', () => {
    expect(fieldShown('FechaAlta', 'Accidente CDM')).toBe(false);
    expect(fieldShown('DiasPerdidos', 'Accidente CDM')).toBe(false);
    expect(fieldShown('FechaAlta', 'Cuasi Accidente')).toBe(true);
    expect(fieldDisabled('Monto', 'Accidente con tiempo perdido')).toBe(true);
    expect(fieldDisabled('Monto', 'Accidente CDM')).toBe(false);
    expect(fieldDisabled('DiasPerdidos', 'Accidente de Trayecto')).toBe(true);
    expect(fieldsNotStored('Accidente CDM')).toEqual(['FechaAlta', 'DiasPerdidos']);
    expect(fieldsNotStored('Accidente con tiempo perdido')).toEqual(['Monto']);
  });

  it('stage 1 alone is a valid report', () => {
    expect(reportProblems(report, TODAY)).toEqual([]);
  });

  it('names each missing or contradictory field of a report', () => {
    expect(fields({ Clasificacion: null, Lugar: ' ', TipoEvento: null })).toEqual(['Clasificacion', 'Lugar', 'TipoEvento']);
    expect(fields({ FechaOcurrencia: '2026-11-22', FechaConocimiento: '2026-11-22T12:00:00.000Z' })).toEqual(['FechaOcurrencia']);
    expect(fields({ HoraOcurrencia: '9:15' })).toEqual(['HoraOcurrencia']);
    expect(fields({ NombreAccidentado: '', Rut: '' })).toEqual(['NombreAccidentado', 'Rut']);
    expect(fields({ Clasificacion: 'Cuasi Accidente', NombreAccidentado: '', Rut: '' })).toEqual([]);
    expect(fields({ Monto: 10 })).toEqual(['Monto']);
    expect(fields({ Clasificacion: 'Accidente CDM', FechaAlta: '2026-11-21', Monto: 10 })).toEqual(['FechaAlta']);
    expect(fields({ FechaAlta: '2026-11-19' })).toEqual(['FechaAlta']);
    expect(fields({ Probabilidad: 3, Consecuencia: 4 })).toEqual(['Probabilidad']);
    expect(fields({ FechaConocimiento: '2026-11-19T12:00:00.000Z' })).toEqual(['FechaConocimiento']);
    expect(fields({ NombreInformador: '', FirmaInformador: null })).toEqual(['NombreInformador', 'FirmaInformador']);
    expect(fields({ MedidasControl: [{ IdMedidaControl: 'm1', Plazo: '2026-11-19' }] })).toEqual(['MedidasControl:m1']);
    expect(fields({ DiatPresentadaEn: '2026-11-20T18:00:00.000Z' })).toEqual(['DiatPresentadaPor', 'DiatFolio']);
    expect(fields({ Clasificacion: 'Accidente de Trayecto', DiatPresentadaEn: '2026-11-20T18:00:00.000Z', DiatPresentadaPor: 'Ana', DiatFolio: 'F-1' })).toEqual(['MedioPrueba']);
  });

  it('lost days run from the accident to the discharge; none without a discharge or for a CDM', () => {
    expect(lostDays({ Clasificacion: 'Accidente con tiempo perdido', FechaOcurrencia: '2026-11-10', FechaAlta: '2026-11-16' })).toBe(6);
    expect(lostDays({ Clasificacion: 'Accidente con tiempo perdido', FechaOcurrencia: '2026-03-01', FechaAlta: '2026-04-05' })).toBe(35);
    expect(lostDays({ Clasificacion: 'Accidente con tiempo perdido', FechaOcurrencia: '2026-11-10', FechaAlta: '' })).toBeNull();
    expect(lostDays({ Clasificacion: 'Accidente CDM', FechaOcurrencia: '2026-11-10', FechaAlta: '2026-11-16' })).toBeNull();
  });

  it('derives gravity, lost days and risk level with the same rules on both sides', () => {
    expect(derivedIncidentFields({ ...report, FechaAlta: '2026-11-21', CriteriosGravedad: ['rescate'], Probabilidad: 4, Consecuencia: 4 })).toEqual({ DiasPerdidos: 1, Gravedad: 'grave', ValorRiesgo: 16, NivelRiesgo: 'Intolerable' });
  });

  it('the folio is when the report was made, in Chile', () => {
    expect(incidentFolio(new Date('2026-11-21T12:03:09Z'))).toBe('20261121090309');
    expect(incidentFolio(new Date('2026-07-01T03:30:00Z'))).toBe('20260630233000');
  });
});

describe('risk level: the product of the first two weightings matched to a range (spec 5)', () => {
  it('matches each product of the default matrix to its level', () => {
    expect(riskLevel(1, 2)).toEqual({ Valor: 2, Nivel: 'Tolerable' });
    expect(riskLevel(2, 2)).toEqual({ Valor: 4, Nivel: 'Moderado' });
    expect(riskLevel(4, 2)).toEqual({ Valor: 8, Nivel: 'Importante' });
    expect(riskLevel(4, 4)).toEqual({ Valor: 16, Nivel: 'Intolerable' });
    expect(riskLevel(null, 4)).toBeNull();
  });
});
