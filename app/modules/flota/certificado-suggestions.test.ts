import type { RequisitoClase } from '#sync/domain/fleet-fitness.ts';
import { describe, expect, it } from 'vitest';
import { lastDayOf, suggestedDueReading, suggestedExpiry } from './certificado-suggestions.ts';

const yearly: RequisitoClase = { Clase: 'revision_tecnica', VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null };
const service: RequisitoClase = { Clase: 'mantencion', VigenciaMeses: 6, Obligatoria: 1, IntervaloLectura: 10_000 };

describe('what the certificate form proposes', () => {
  it('the last day of a month, leap years included', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
  });

  it("a vehicle's revisión técnica falls due at the end of its plate's month, said to be a suggestion", () => {
    const suggestion = suggestedExpiry('revision_tecnica', '2026-03-15', yearly, 'KXBT21');
    expect(suggestion?.date).toBe('2027-04-30');
    expect(suggestion?.note).toMatch(/^Sugerencia según el último dígito de la patente KXBT21/);
  });

  it("any other class, or a revisión without a plate, by its type's validity", () => {
    expect(suggestedExpiry('mantencion', '2026-01-31', service, 'KXBT21')?.date).toBe('2026-07-31');
    expect(suggestedExpiry('revision_tecnica', '2026-03-15', yearly, null)?.date).toBe('2027-03-15');
  });

  it('nothing without a class, a date, or a validity', () => {
    expect(suggestedExpiry(null, '2026-03-15', yearly, 'KXBT21')).toBeNull();
    expect(suggestedExpiry('soap', '', undefined, null)).toBeNull();
    expect(suggestedExpiry('soap', '2026-03-15', undefined, null)).toBeNull();
    expect(suggestedExpiry('seguro', '2026-03-15', { ...yearly, Clase: 'seguro', VigenciaMeses: 0 }, null)).toBeNull();
  });

  it('a service by meter falls due at the current reading plus the interval', () => {
    expect(suggestedDueReading(service, 40_500)).toBe(50_500);
    expect(suggestedDueReading(service, null)).toBeNull();
    expect(suggestedDueReading(yearly, 40_500)).toBeNull();
  });
});
