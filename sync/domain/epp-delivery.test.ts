import { describe, expect, it } from 'vitest';
import { actaSeal, deliveredItemExpiry, EPP_ACTA_LAYOUT_V2, requiredEpps, type SealedActaV1, type SealedActaV2, verificationUrl } from './epp-delivery.ts';

const acta: SealedActaV1 = {
  IdEntregadosEpp: '0195f2a0-0000-7000-8000-000000000001',
  RunPersona: '12345678-5',
  Fecha: '2026-11-21',
  Motivo: 1,
  Items: [{ IdLinea: '0195f2a0-0000-7000-8000-000000000011', IdEpp: '0195f2a0-0000-7000-8000-0000000000e1', NombreEpp: 'Casco de seguridad', Talla: '', Cantidad: 1 }],
  Entregador: { Rut: '15234567-4', Firma: { Sha256: 'a'.repeat(64) } },
  FirmaTrabajador: { Sha256: 'b'.repeat(64) },
  FirmadoEn: '2026-11-21T15:04:05.000Z',
  Corrige: null,
};

describe('EPP delivery rules', () => {
  it('EP1: seals the company, the worker RUT, the items, the reason, both signatures, the id and the device time', async () => {
    const seal = await actaSeal('76123456', acta);
    expect(seal).toMatch(/^[a-f0-9]{64}$/);
    const changes: Partial<SealedActaV1>[] = [
      { RunPersona: '11111111-1' },
      { Motivo: 2 },
      { Items: [{ ...acta.Items[0]!, Cantidad: 2 }] },
      { Items: [{ ...acta.Items[0]!, Talla: 'L' }] },
      { Entregador: { ...acta.Entregador, Firma: { Sha256: 'c'.repeat(64) } } },
      { FirmaTrabajador: { Sha256: 'c'.repeat(64) } },
      { IdEntregadosEpp: '0195f2a0-0000-7000-8000-000000000002' },
      { FirmadoEn: '2026-11-21T15:04:06.000Z' },
      { Corrige: '0195f2a0-0000-7000-8000-000000000003' },
    ];
    for (const change of changes) expect(await actaSeal('76123456', { ...acta, ...change }), JSON.stringify(change)).not.toBe(seal);
    expect(await actaSeal('77654321', acta)).not.toBe(seal);
    // The same moment in the device's zone is the same acta.
    expect(await actaSeal('76123456', { ...acta, FirmadoEn: '2026-11-21T12:04:05-03:00' })).toBe(seal);
    // Version 1 is frozen: actas sealed years ago verify with exactly this form.
    expect(seal).toBe('a0b6a810f3a507b7ccd2e58efc9daa503e67fa5cd69b7c95c8aa6115ccfa3100');
  });

  it("EP6, EP7: version 2 also seals the worker's roster id and name, and who delivered: name, RUT and their account or roster id", async () => {
    const v2: SealedActaV2 = {
      ...acta,
      VersionSello: 2,
      IdPersona: '0195f2a0-0000-7000-8000-0000000000a1',
      NombreTrabajador: 'Ana Soto Lagos',
      Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', IdUsuario: 7, Firma: { Sha256: 'a'.repeat(64) } },
    };
    const seal = await actaSeal('76123456', v2);
    expect(seal).not.toBe(await actaSeal('76123456', acta));
    expect(EPP_ACTA_LAYOUT_V2.id).toBe('andes-hse/epp-acta/2');
    const changes: Partial<SealedActaV2>[] = [
      { NombreTrabajador: 'Persona Inventada' },
      { IdPersona: '0195f2a0-0000-7000-8000-0000000000a2' },
      { Entregador: { ...v2.Entregador, Nombre: 'Gerente General' } },
      { Entregador: { ...v2.Entregador, Rut: '11111111-1' } },
      { Entregador: { ...v2.Entregador, IdUsuario: 8 } },
      { Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', IdPersona: '0195f2a0-0000-7000-8000-0000000000a3', Firma: { Sha256: 'a'.repeat(64) } } },
      { RunPersona: '11111111-1' },
      { Items: [{ ...acta.Items[0]!, Cantidad: 2 }] },
    ];
    for (const change of changes) expect(await actaSeal('76123456', { ...v2, ...change }), JSON.stringify(change)).not.toBe(seal);
    // Texts in NFC: the same name typed with decomposed accents is the same acta.
    expect(await actaSeal('76123456', { ...v2, NombreTrabajador: 'Ana Soto Lagos'.normalize('NFD') })).toBe(seal);
  });

  it('an item expires on the delivery date plus its useful life, clamped to the month; 0 months never', () => {
    expect(deliveredItemExpiry('2026-01-31', 1)).toBe('2026-02-28');
    expect(deliveredItemExpiry('2026-11-21', 12)).toBe('2027-11-21');
    expect(deliveredItemExpiry('2026-11-21', 0)).toBeNull();
  });

  it("a worker's required set is their positions' assignments plus their own, each EPP once", () => {
    const assignments = [
      { IdCargo: 'soldador', IdPersona: null, Epps: ['casco', 'careta'] },
      { IdCargo: 'jornal', IdPersona: null, Epps: ['zapatos'] },
      { IdCargo: null, IdPersona: 'ana', Epps: ['careta', 'arnes'] },
      { IdCargo: null, IdPersona: 'luis', Epps: ['lentes'] },
    ];
    expect(requiredEpps(assignments, { IdPersona: 'ana', cargos: ['soldador'] })).toEqual(['casco', 'careta', 'arnes']);
    expect(requiredEpps(assignments, { IdPersona: 'pedro', cargos: [] })).toEqual([]);
  });

  it('links the verification page under the configured base address', () => {
    expect(verificationUrl('https://hse.andes.cl/', 'abc')).toBe('https://hse.andes.cl/verificar/abc');
  });
});
