import { describe, expect, it } from 'vitest';
import { generatePassKeys, signDayPass } from './day-pass.ts';
import { readGateCredential } from './gate-credentials.ts';

describe('what the gate reads (GA-LEC1)', () => {
  it('reads a person from a typed RUT, the identity card’s QR or the product’s QR, and refuses a wrong check digit', () => {
    expect(readGateCredential(' 12.345.678-5 ')).toEqual({ kind: 'persona', Rut: '12345678-5' });
    const card = 'https://portal.sidiv.registrocivil.cl/docstatus?RUN=12345678-5&type=CEDULA&serial=A012345678&mrz=1234';
    expect(readGateCredential(card)).toEqual({ kind: 'persona', Rut: '12345678-5' });
    expect(readGateCredential('andes-hse:persona:12345678-5')).toEqual({ kind: 'persona', Rut: '12345678-5' });
    expect(readGateCredential('12.345.678-4')).toBeNull();
    // Another site's address is not the card's, whatever it carries.
    expect(readGateCredential('https://example.com/docstatus?RUN=12345678-5')).toBeNull();
  });

  it('reads a signed day pass, and a vehicle or machine by plate, code or QR', async () => {
    const keys = await generatePassKeys();
    const token = await signDayPass(keys.privateKey, { Id: 'p1', Rut: '12345678-5', IdNivel2: 'n2', Hasta: '2026-11-23', Emitido: '2026-11-21T12:00:00.000Z' });
    expect(readGateCredential(token)).toEqual({ kind: 'pase', token });
    expect(readGateCredential('jhkl 42')).toEqual({ kind: 'activo', code: 'JHKL42' });
    expect(readGateCredential('GH-01')).toEqual({ kind: 'activo', code: 'GH-01' });
    expect(readGateCredential('andes-hse:activo:0190f0c2-0000-7000-8000-000000000001')).toEqual({
      kind: 'activo',
      code: '0190f0c2-0000-7000-8000-000000000001',
    });
    expect(readGateCredential('')).toBeNull();
    expect(readGateCredential('?')).toBeNull();
  });
});
