import { describe, expect, it } from 'vitest';
import { actaSeal, deliveredItemExpiry, requiredEpps, type SealedActa, verificationUrl } from './epp-delivery.ts';

const acta: SealedActa = {
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
    const changes: Partial<SealedActa>[] = [
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
