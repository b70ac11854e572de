import { describe, expect, it } from 'vitest';
import { isOverdue, type ObservationStateFields, observationState } from './observation-state.ts';

const TODAY = '2026-11-20';
const fresh: ObservationStateFields = { Estado: 1, Aprobada: 0, Respondida: 0, Plazo: '2026-11-30', Respuestas: [] };
const answered: ObservationStateFields = { ...fresh, Respondida: 1, Respuestas: [{ Tipo: 'respuesta' }] };
const rejected: ObservationStateFields = { ...fresh, Respuestas: [{ Tipo: 'respuesta' }, { Tipo: 'rechazo' }] };
const approved: ObservationStateFields = { ...fresh, Aprobada: 1, Respuestas: [{ Tipo: 'respuesta' }, { Tipo: 'aprobacion' }] };

describe('OV5 observation state', () => {
  it('a new observation is abierta, whatever its light', () => {
    expect(observationState(fresh, TODAY)).toBe('abierta');
    expect(observationState({ ...fresh, Plazo: null }, TODAY)).toBe('abierta');
  });

  it('an answer waiting for review is respondida', () => {
    expect(observationState(answered, TODAY)).toBe('respondida');
  });

  it('rechazada when the last step is a rejection, until it is answered again', () => {
    expect(observationState(rejected, TODAY)).toBe('rechazada');
    expect(observationState({ ...rejected, Respondida: 1, Respuestas: [...rejected.Respuestas, { Tipo: 'respuesta' }] }, TODAY)).toBe('respondida');
  });

  it('vencida from the day after the deadline (Chile date), before respondida and rechazada', () => {
    expect(observationState({ ...fresh, Plazo: TODAY }, TODAY)).toBe('abierta');
    expect(observationState({ ...fresh, Plazo: '2026-11-19' }, TODAY)).toBe('vencida');
    expect(observationState({ ...answered, Plazo: '2026-11-19' }, TODAY)).toBe('vencida');
    expect(observationState({ ...rejected, Plazo: '2026-11-19' }, TODAY)).toBe('vencida');
  });

  it('aprobada before everything, even past its deadline', () => {
    expect(observationState(approved, TODAY)).toBe('aprobada');
    expect(observationState({ ...approved, Plazo: '2026-11-01' }, TODAY)).toBe('aprobada');
    expect(isOverdue({ ...approved, Plazo: '2026-11-01' }, TODAY)).toBe(false);
  });

  it('a deleted observation is never overdue (SPEC OV1 reads active ones)', () => {
    expect(isOverdue({ ...fresh, Estado: 0, Plazo: '2026-11-01' }, TODAY)).toBe(false);
  });
});
