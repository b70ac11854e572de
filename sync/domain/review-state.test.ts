import { describe, expect, it } from 'vitest';
import { awaitsReview, isOverdue, type ReviewStateFields, reviewState } from './review-state.ts';

const TODAY = '2026-11-20';
const fresh: ReviewStateFields = { Estado: 1, Aprobada: 0, Respondida: 0, Plazo: '2026-11-30', Respuestas: [] };
const answered: ReviewStateFields = { ...fresh, Respondida: 1, Respuestas: [{ Tipo: 'respuesta' }] };
const rejected: ReviewStateFields = { ...fresh, Respuestas: [{ Tipo: 'respuesta' }, { Tipo: 'rechazo' }] };
const approved: ReviewStateFields = { ...fresh, Aprobada: 1, Respuestas: [{ Tipo: 'respuesta' }, { Tipo: 'aprobacion' }] };

describe('OV5 review state (observations and control measures)', () => {
  it('a new observation is abierta, whatever its light', () => {
    expect(reviewState(fresh, TODAY)).toBe('abierta');
    expect(reviewState({ ...fresh, Plazo: null }, TODAY)).toBe('abierta');
  });

  it('an answer waiting for review is respondida', () => {
    expect(reviewState(answered, TODAY)).toBe('respondida');
  });

  it('rechazada when the last step is a rejection, until it is answered again', () => {
    expect(reviewState(rejected, TODAY)).toBe('rechazada');
    expect(reviewState({ ...rejected, Respondida: 1, Respuestas: [...rejected.Respuestas, { Tipo: 'respuesta' }] }, TODAY)).toBe('respondida');
  });

  it('vencida from the day after the deadline (Chile date), before respondida and rechazada', () => {
    expect(reviewState({ ...fresh, Plazo: TODAY }, TODAY)).toBe('abierta');
    expect(reviewState({ ...fresh, Plazo: '2026-11-19' }, TODAY)).toBe('vencida');
    expect(reviewState({ ...answered, Plazo: '2026-11-19' }, TODAY)).toBe('vencida');
    expect(reviewState({ ...rejected, Plazo: '2026-11-19' }, TODAY)).toBe('vencida');
  });

  it('aprobada before everything, even past its deadline', () => {
    expect(reviewState(approved, TODAY)).toBe('aprobada');
    expect(reviewState({ ...approved, Plazo: '2026-11-01' }, TODAY)).toBe('aprobada');
    expect(isOverdue({ ...approved, Plazo: '2026-11-01' }, TODAY)).toBe(false);
  });

  it('a deleted observation is never overdue (SPEC OV1 reads active ones)', () => {
    expect(isOverdue({ ...fresh, Estado: 0, Plazo: '2026-11-01' }, TODAY)).toBe(false);
  });

  it("awaits review: a live answered record, what a reviewer's inbox counts and the Estado filter lists as Respondida", () => {
    expect(awaitsReview(answered, TODAY)).toBe(true);
    const others = [fresh, rejected, approved, { ...answered, Plazo: '2026-11-19' }, { ...answered, Estado: 0 }];
    expect(others.filter((record) => awaitsReview(record, TODAY))).toEqual([]);
  });
});
