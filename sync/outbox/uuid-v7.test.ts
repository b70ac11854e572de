import { describe, expect, it } from 'vitest';
import { createUuidV7Generator, uuidV7, uuidV7Time } from './uuid-v7.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('UUIDv7 (RFC 9562)', () => {
  it('OB3: has version 7, the RFC variant and the creation time in its first 48 bits', () => {
    const at = Date.UTC(2025, 2, 14, 9, 30, 0, 123);
    const id = createUuidV7Generator({ now: () => at })();
    expect(id).toMatch(UUID_V7);
    expect(uuidV7Time(id)).toBe(at);
    expect(uuidV7()).toMatch(UUID_V7);
  });

  it('RT3: a key that is not a UUIDv7 (an integration\'s v4, any token) has no time', () => {
    expect(uuidV7Time('9b2f6a1e-3c4d-4e5f-8a6b-7c8d9e0f1a2b')).toBeNull();
    expect(uuidV7Time('clave-de-integracion')).toBeNull();
  });

  it('OB3: ids created in the same millisecond sort in creation order', () => {
    const next = createUuidV7Generator({ now: () => 1_700_000_000_000 });
    const ids = Array.from({ length: 10_000 }, next);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('OB3: ids keep increasing when the device clock steps back', () => {
    const times = [5_000, 5_001, 4_000, 4_000, 5_001, 6_000];
    const next = createUuidV7Generator({ now: () => times.shift() ?? 6_000 });
    const ids = Array.from({ length: 6 }, next);
    expect([...ids].sort()).toEqual(ids);
    expect(uuidV7Time(ids[2]!)).toBe(5_001);
  });

  it('OB3: a random source of all ones still yields valid, increasing ids', () => {
    const next = createUuidV7Generator({ now: () => 42, randomBytes: (n) => new Uint8Array(n).fill(0xff) });
    const ids = Array.from({ length: 5_000 }, next);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });
});
