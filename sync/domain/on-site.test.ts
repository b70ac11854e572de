import { describe, expect, it } from 'vitest';
import { type GateMovement, onSiteAt, shiftEndAfter, shiftEndOf } from './on-site.ts';

let seq = 0;
const move = (Tipo: 'entrada' | 'salida', Rut: string, FechaDispositivo: string, overrides: Partial<GateMovement> = {}): GateMovement => ({
  IdMovimiento: `m${String(++seq).padStart(3, '0')}`,
  Tipo,
  Sujeto: 'persona',
  Rut,
  IdActivo: null,
  Nombre: Rut,
  IdNivel2: 'andes',
  Puerta: 'Portería norte',
  Permitido: 1,
  FechaDispositivo,
  RutContratista: '',
  ...overrides,
});

describe('the end of a shift (GA-ONS2)', () => {
  it('is the first of the company’s shift ends after the instant, in Chile’s time', () => {
    // November: Chile is at -03:00.
    expect(shiftEndAfter('2026-11-23T10:10:00.000Z')).toBe('2026-11-23T11:00:00.000Z');
    expect(shiftEndAfter('2026-11-23T12:00:00.000Z')).toBe('2026-11-23T23:00:00.000Z');
    expect(shiftEndAfter('2026-11-24T00:30:00.000Z')).toBe('2026-11-24T11:00:00.000Z');
    // June: -04:00; one shift end a day.
    expect(shiftEndAfter('2026-06-10T15:00:00.000Z', ['19:30'])).toBe('2026-06-10T23:30:00.000Z');
  });

  it('of someone arriving is the first more than two hours later: an early arrival works the next shift', () => {
    expect(shiftEndOf('2026-11-23T10:40:00.000Z')).toBe('2026-11-23T23:00:00.000Z');
    expect(shiftEndOf('2026-11-23T16:00:00.000Z')).toBe('2026-11-23T23:00:00.000Z');
    expect(shiftEndOf('2026-11-23T22:00:00.000Z')).toBe('2026-11-24T11:00:00.000Z');
  });
});

describe('who is on site (GA-ONS1)', () => {
  const log = [
    move('entrada', 'a', '2026-11-23T10:00:00.000Z'),
    move('entrada', 'b', '2026-11-23T10:05:00.000Z'),
    move('entrada', 'c', '2026-11-23T10:06:00.000Z', { Permitido: 0 }),
    move('salida', 'a', '2026-11-23T18:00:00.000Z'),
    move('entrada', 'd', '2026-11-23T10:07:00.000Z', { IdNivel2: 'ruta5' }),
  ];

  it('counts the last allowed movement of each person at the worksite, at any moment', () => {
    const at = (instant: string) => onSiteAt(log, { IdNivel2: 'andes', at: instant }).map((row) => row.key);
    expect(at('2026-11-23T09:00:00.000Z')).toEqual([]);
    expect(at('2026-11-23T12:00:00.000Z')).toEqual(['a', 'b']);
    expect(at('2026-11-23T19:00:00.000Z')).toEqual(['b']);
  });

  it('flags who is still inside after the shift they entered in ended', () => {
    const rows = onSiteAt(log, { IdNivel2: 'andes', at: '2026-11-23T12:00:00.000Z' });
    expect(rows.map((row) => [row.key, row.shiftEnd, row.overdue])).toEqual([
      ['a', '2026-11-23T23:00:00.000Z', false],
      ['b', '2026-11-23T23:00:00.000Z', false],
    ]);
    const night = onSiteAt(log, { IdNivel2: 'andes', at: '2026-11-23T23:30:00.000Z' });
    expect(night.map((row) => [row.key, row.overdue])).toEqual([['b', true]]);
  });
});
