export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 5 * 60_000 };

/**
 * Full jitter (SPEC RP3): `random() * min(cap, base * 2^(attempts-1))`, and never sooner than the server's
 * Retry-After. Jitter spreads the devices of a whole worksite that regain signal at the same moment.
 */
export function retryDelayMs(attempts: number, random: () => number, policy: BackoffPolicy, retryAfterMs?: number): number {
  const exponent = Math.max(0, attempts - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  const jittered = Math.floor(random() * ceiling);
  return Math.max(jittered, retryAfterMs ?? 0);
}
