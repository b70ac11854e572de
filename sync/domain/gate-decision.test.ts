import { describe, expect, it } from 'vitest';
import { DAY_PASS_MESSAGES } from './day-pass.ts';
import { assetAtGate, GATE_MESSAGES, personAtGate } from './gate-decision.ts';

const at = { IdNivel2: 'andes', today: '2026-11-23', now: '2026-11-23T14:00:00.000Z', Rut: '12345678-5' };
const contractor = { RutContratista: '78945612-7', Estado: 1 };
const row = (overrides: object = {}) => ({ IdNivel2: 'andes', Acreditado: 1 as const, AcreditadoHasta: '2026-12-31', Motivos: [], ...overrides });
const pass = { Id: 'p1', Rut: '12345678-5', IdNivel2: 'andes', Hasta: '2026-11-23', Emitido: '2026-11-21T12:00:00.000Z' };

describe('the gate’s answer for a person (GA-ENT1)', () => {
  it('lets in a contractor’s worker accredited at this worksite, and says until when', () => {
    expect(personAtGate(at, contractor, { accreditations: [row(), row({ IdNivel2: 'ruta5', AcreditadoHasta: '2027-06-30' })] })).toEqual({
      Permitido: 1,
      Via: 'acreditacion',
      Hasta: '2026-12-31',
      Motivos: [],
    });
  });

  it('refuses one whose document expired yesterday, with the reason, and one accredited only elsewhere', () => {
    const lapsed = personAtGate(at, contractor, { accreditations: [row({ AcreditadoHasta: '2026-11-22' })] });
    expect(lapsed).toEqual({ Permitido: 0, Via: '', Hasta: '', Motivos: ['Acreditación vencida el 22/11/2026'] });
    const pending = personAtGate(at, contractor, { accreditations: [row({ Acreditado: 0, AcreditadoHasta: '', Motivos: ['Examen preocupacional: rechazado'] })] });
    expect(pending.Motivos).toEqual(['Examen preocupacional: rechazado']);
    expect(personAtGate(at, contractor, { accreditations: [row({ IdNivel2: 'ruta5' })] }).Motivos).toEqual([GATE_MESSAGES.noContract]);
  });

  it('falls back to a signed day pass, then to a provisional pass until the end of the shift', () => {
    const lapsed = { accreditations: [row({ AcreditadoHasta: '2026-11-22' })] };
    expect(personAtGate(at, contractor, { ...lapsed, pass })).toMatchObject({ Permitido: 1, Via: 'pase', Hasta: '2026-11-23' });
    expect(personAtGate(at, contractor, { ...lapsed, pass, revoked: new Set(['p1']) }).Motivos).toEqual([
      'Acreditación vencida el 22/11/2026',
      DAY_PASS_MESSAGES.revoked,
    ]);
    const shift = { IdNivel2: 'andes', Hasta: '2026-11-23T23:00:00.000Z' };
    expect(personAtGate(at, contractor, { ...lapsed, provisional: [shift] })).toMatchObject({ Permitido: 1, Via: 'provisorio' });
    expect(personAtGate({ ...at, now: '2026-11-23T23:00:01.000Z' }, contractor, { ...lapsed, provisional: [shift] }).Permitido).toBe(0);
  });

  it('lets in the mandante’s own active staff, refuses a deactivated worker and someone the tablet does not hold', () => {
    expect(personAtGate(at, { RutContratista: null, Estado: 1 }, { accreditations: [] })).toMatchObject({ Permitido: 1, Via: 'personal' });
    expect(personAtGate(at, { ...contractor, Estado: 0 }, { accreditations: [row()] }).Motivos).toEqual([GATE_MESSAGES.inactive]);
    expect(personAtGate(at, undefined, { accreditations: [] }).Motivos).toEqual([GATE_MESSAGES.unknown]);
    // A visitor from another worksite with a valid pass for this one gets in on the pass alone.
    expect(personAtGate(at, undefined, { accreditations: [], pass })).toMatchObject({ Permitido: 1, Via: 'pase' });
  });
});

describe('the gate’s answer for a vehicle or machine (GA-ENT2)', () => {
  const truck = { RutContratista: '78945612-7', Estado: 1 };
  const fit = { Apto: 1 as const, Motivos: [] };

  it('lets in a contractor’s accredited asset only while it is fit to operate, and reads out both reasons', () => {
    expect(assetAtGate(at, truck, { accreditations: [row()], fitness: fit })).toMatchObject({ Permitido: 1, Hasta: '2026-12-31' });
    const unfit = { Apto: 0 as const, Motivos: ['Izaje: vencida el 01/11/2026'] };
    expect(assetAtGate(at, truck, { accreditations: [row()], fitness: unfit }).Motivos).toEqual(['Izaje: vencida el 01/11/2026']);
    expect(assetAtGate(at, truck, { accreditations: [], fitness: unfit }).Motivos).toEqual([GATE_MESSAGES.assetNoContract, 'Izaje: vencida el 01/11/2026']);
  });

  it('lets in the mandante’s own fit vehicle without a contract, and refuses one the tablet does not hold', () => {
    expect(assetAtGate(at, { RutContratista: '', Estado: 1 }, { accreditations: [], fitness: fit })).toMatchObject({ Permitido: 1, Via: 'personal' });
    expect(assetAtGate(at, undefined, { accreditations: [], fitness: null }).Motivos).toEqual([GATE_MESSAGES.assetUnknown]);
  });
});
