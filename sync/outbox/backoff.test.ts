import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

const policy = { baseMs: 1000, capMs: 300_000 };

describe('retryDelayMs', () => {
  it('RP3: full jitter between 0 and base * 2^(attempts-1), capped', () => {
    expect(retryDelayMs(1, () => 0.999, policy)).toBe(999);
    expect(retryDelayMs(4, () => 0.5, policy)).toBe(4000);
    expect(retryDelayMs(40, () => 0.999, policy)).toBe(299_700);
    expect(retryDelayMs(3, () => 0, policy)).toBe(0);
  });

  it('RP3: never sooner than Retry-After', () => {
    expect(retryDelayMs(1, () => 0.5, policy, 60_000)).toBe(60_000);
    expect(retryDelayMs(10, () => 0.5, policy, 1)).toBe(150_000);
  });
});
