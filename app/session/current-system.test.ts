import type { Session } from '#sync/schemas/auth.schema.ts';
import { describe, expect, it } from 'vitest';
import { homeOf, openableSystems, resolveSystem } from './current-system.ts';

const session = {
  usuario: { IdSistemaPreferido: 2 },
  sistemas: [
    { IdSistema: 1, Nombre: 'Hse', RutaInicio: '/dashboard' },
    { IdSistema: 2, Nombre: 'Producción', RutaInicio: '/combustibles/dashboard' },
  ],
} as unknown as Session;

describe('current system', () => {
  it('offers only systems whose home screen exists in the app', () => {
    expect(openableSystems(session).map((system) => system.Nombre)).toEqual(['Hse']);
  });

  it('prefers the stored system, then the preferred one, then the first that can open', () => {
    expect(resolveSystem(session, 'Hse')?.IdSistema).toBe(1);
    expect(resolveSystem(session, 'Producción')?.IdSistema).toBe(1);
    expect(resolveSystem(session, null)?.IdSistema).toBe(1);
  });

  it('falls back to the HSE home when no system can open', () => {
    expect(homeOf(undefined)).toBe('/dashboard');
    expect(homeOf({ IdSistema: 1, Nombre: 'Hse', RutaInicio: '/dashboard' })).toBe('/dashboard');
  });
});
