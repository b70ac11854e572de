import { describe, expect, it } from 'vitest';
import { type AccreditationDocument, accreditationOf, accreditedOn, contractCompliance, expiryWarning, retentionReasons } from './accreditation.ts';

const contract = { IdContrato: 'c1', RutContratista: '78945612-7', Subcontratistas: ['76888111-1'], Requisitos: ['r1', 'r2', 'f30'] };
const worker = { IdPersona: 'w1', RutContratista: '78945612-7' };

function doc(overrides: Partial<AccreditationDocument>): AccreditationDocument {
  return {
    IdDocumento: Math.random().toString(36),
    IdRequisito: 'r1',
    NombreRequisito: 'Examen preocupacional',
    Aplicacion: 'trabajador',
    Obligatorio: 1,
    ControlDeuda: 0,
    RutContratista: '78945612-7',
    IdContrato: null,
    IdPersona: 'w1',
    IdActivo: null,
    Mes: '',
    EstadoDocumento: 'aprobado',
    FechaVencimiento: '2027-01-15',
    Motivo: '',
    ConDeuda: null,
    Estado: 1,
    ...overrides,
  };
}

describe('accreditation on a day (CT-ACR4)', () => {
  it('lapses the day after its earliest due date, and a document in force warns at 30, 15 and 7 days', () => {
    const documents = [doc({}), doc({ IdRequisito: 'r2', NombreRequisito: 'Contrato', FechaVencimiento: '' })];
    const accreditation = accreditationOf(contract, worker, documents, '2026-11-21');
    expect(accreditation).toEqual({ Acreditado: 1, AcreditadoHasta: '2027-01-15', Motivos: [] });
    expect(accreditedOn(accreditation, '2027-01-15')).toBe(true);
    expect(accreditedOn(accreditation, '2027-01-16')).toBe(false);
    expect(['2026-12-15', '2026-12-16', '2026-12-31', '2027-01-01', '2027-01-08', '2027-01-15', '2027-01-16'].map((day) => expiryWarning(documents[0]!, day))).toEqual([
      null, 30, 15, 15, 7, 7, null,
    ]);
    expect(accreditationOf(contract, worker, documents, '2027-01-16').Motivos).toEqual(['Examen preocupacional: vencido el 15/01/2027']);
  });

  it('counts only mandatory documents of the contract, and of a monthly one only the latest month', () => {
    const documents = [
      doc({ IdRequisito: 'r2', Obligatorio: 0, EstadoDocumento: 'pendiente', FechaVencimiento: '' }),
      doc({ IdRequisito: 'otro', EstadoDocumento: 'rechazado' }),
      doc({ IdRequisito: 'f30', NombreRequisito: 'F30-1', Aplicacion: 'empresa', IdPersona: null, Mes: '2026-10', EstadoDocumento: 'rechazado' }),
      doc({ IdRequisito: 'f30', NombreRequisito: 'F30-1', Aplicacion: 'empresa', IdPersona: null, Mes: '2026-11', FechaVencimiento: '2026-12-05' }),
    ];
    expect(accreditationOf(contract, worker, documents, '2026-11-21')).toEqual({ Acreditado: 1, AcreditadoHasta: '2026-12-05', Motivos: [] });
    expect(contractCompliance(contract, [worker], documents, '2026-11-21')).toBe(100);
    expect(contractCompliance(contract, [worker], [...documents, doc({ IdPersona: 'w1', EstadoDocumento: 'subido' })], '2026-11-21')).toBe(50);
  });
});

describe('a vehicle or machine of the contract (CT-ACR5)', () => {
  it('answers to its own documents, its owner’s and the contract’s, never to a worker’s or another asset’s', () => {
    const truck = { IdActivo: 'v1', RutContratista: '78945612-7' };
    const asset = (overrides: Partial<AccreditationDocument>) => doc({ Aplicacion: 'vehiculo', IdPersona: null, IdActivo: 'v1', ...overrides });
    const documents = [
      doc({ EstadoDocumento: 'pendiente' }),
      asset({ IdRequisito: 'r2', NombreRequisito: 'Certificado de gases', FechaVencimiento: '2026-12-31' }),
      asset({ IdRequisito: 'r2', NombreRequisito: 'Certificado de gases', IdActivo: 'v2', EstadoDocumento: 'rechazado' }),
      doc({ IdRequisito: 'f30', NombreRequisito: 'F30-1', Aplicacion: 'empresa', IdPersona: null, Mes: '2026-11', FechaVencimiento: '2026-12-05' }),
    ];
    expect(accreditationOf(contract, truck, documents, '2026-11-21')).toEqual({ Acreditado: 1, AcreditadoHasta: '2026-12-05', Motivos: [] });
    expect(accreditationOf(contract, { ...truck, IdActivo: 'v2' }, documents, '2026-11-21').Motivos).toEqual(['Certificado de gases: rechazado']);
    expect(contractCompliance(contract, [truck], documents, '2026-11-21')).toBe(100);
    expect(contractCompliance(contract, [truck, worker], documents, '2026-11-21')).toBeCloseTo(66.7);
  });
});

describe('Ley 20.123 monthly control (CT-LEY1)', () => {
  it('suggests a retention when the latest F30-1 of a company of the contract is missing approval or shows debt', () => {
    const f30 = (RutContratista: string, overrides: Partial<AccreditationDocument>) =>
      doc({ IdRequisito: 'f30', NombreRequisito: 'Certificado F30-1', Aplicacion: 'empresa', ControlDeuda: 1, IdPersona: null, RutContratista, ...overrides });
    const documents = [
      f30('78945612-7', { Mes: '2026-10', ConDeuda: 1 }),
      f30('78945612-7', { Mes: '2026-11', ConDeuda: 0 }),
      f30('76888111-1', { Mes: '2026-11', ConDeuda: 1 }),
    ];
    expect(retentionReasons(contract, documents)).toEqual(['76888111-1: Certificado F30-1 de 2026-11 muestra deuda']);
    expect(retentionReasons(contract, [...documents, f30('78945612-7', { Mes: '2026-12', EstadoDocumento: 'subido', ConDeuda: null })])).toEqual([
      '78945612-7: Certificado F30-1 de 2026-12 sin aprobar',
      '76888111-1: Certificado F30-1 de 2026-11 muestra deuda',
    ]);
  });
});
