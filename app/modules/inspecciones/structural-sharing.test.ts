import { describe, expect, it } from 'vitest';
import { replaceEqualDeep } from './structural-sharing.ts';

describe('replaceEqualDeep', () => {
  it('keeps the identity of every unchanged part, so only the changed statement re-renders', () => {
    const before = { respuestas: { e1: { Respuesta: 1, Subrespuestas: {} }, e2: { Respuesta: 2, Subrespuestas: { s1: 'x' } } }, observaciones: [{ Id: 'a' }, { Id: 'b' }] };
    const next = structuredClone(before);
    next.respuestas.e2.Respuesta = 3;

    const shared = replaceEqualDeep(before, next);

    expect(shared).toEqual(next);
    expect(shared).not.toBe(before);
    expect(shared.respuestas.e1).toBe(before.respuestas.e1);
    expect(shared.respuestas.e2).not.toBe(before.respuestas.e2);
    expect(shared.respuestas.e2.Subrespuestas).toBe(before.respuestas.e2.Subrespuestas);
    expect(shared.observaciones).toBe(before.observaciones);
  });

  it('returns the previous value when nothing changed, and the new one for added or removed keys', () => {
    const before = { a: [1, 2], b: { c: 'd' } };
    expect(replaceEqualDeep(before, structuredClone(before))).toBe(before);
    expect(replaceEqualDeep(before, { a: [1, 2] })).toEqual({ a: [1, 2] });
    expect(replaceEqualDeep(before, { ...before, e: 1 })).toEqual({ ...before, e: 1 });
    expect(replaceEqualDeep(null, before)).toBe(before);
  });
});
