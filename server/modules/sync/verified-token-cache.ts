import { SessionTokens, type SessionClaims } from '../auth/session-token.ts';

const CACHED_TOKENS = 2000;

/**
 * Session tokens whose signature was already verified are remembered: a batch replays hundreds of writes with
 * one token, and each one passes the ledger and the session check (an HMAC through WebCrypto, ~100 µs each).
 * Equivalent to verifying every time: a token's signature never changes, and expiry is still checked on every
 * read against the same injected clock.
 */
export class CachingSessionTokens extends SessionTokens {
  private readonly verified = new Map<string, SessionClaims>();

  constructor(
    secret: string,
    private readonly clock: () => number = () => Date.now(),
  ) {
    super(secret, clock);
  }

  override async read(token: string, typ: SessionClaims['typ'] = 'sesion'): Promise<SessionClaims | null> {
    const cacheKey = `${typ}:${token}`;
    const known = this.verified.get(cacheKey);
    if (known) {
      if (known.exp > Math.floor(this.clock() / 1000)) return known;
      this.verified.delete(cacheKey);
      return null;
    }
    const claims = await super.read(token, typ);
    if (claims) {
      if (this.verified.size >= CACHED_TOKENS) this.verified.delete(this.verified.keys().next().value ?? '');
      this.verified.set(cacheKey, Object.freeze(claims));
    }
    return claims;
  }
}
