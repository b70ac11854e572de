import { randomInt } from 'node:crypto';

export type Random = () => number;

/** splitmix32: turns any 32-bit seed (even 0 or 1) into well-spread state words. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** sfc32: small and fast, and the same sequence on every machine for one seed, so a failing run can be replayed. */
export function createRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/**
 * One independent stream per concern (writes, proxy faults, backoff jitter, ids): drawing one more number in one
 * of them must not shift every decision of the others, or a replay with the same seed would diverge at once.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < label.length; i += 1) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193);
  return splitmix32(hash >>> 0)();
}

/** `CHAOS_SEED` when set (to replay a failure), otherwise a fresh one that the run prints. */
export function chaosSeed(env: Record<string, string | undefined> = process.env): number {
  const raw = env.CHAOS_SEED?.trim();
  if (raw === undefined || raw === '') return randomInt(1, 2 ** 31);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 0xffffffff) throw new Error(`CHAOS_SEED must be an integer 0..4294967295, got "${raw}"`);
  return Number(raw);
}

export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)]!;
}

export function randomBytes(random: Random, length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
