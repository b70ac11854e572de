import { SessionTokens, type SessionClaims } from '../tenancy/session-token.ts';

const CACHED_TOKENS = 2000;

/**
 * Session tokens whose signature was already verified are remembered: a batch replays hundreds of writes with
 * one token, and each one passes the ledger and the session check (an HMAC through WebCrypto, ~100 µs each).
 * Equivalent to verifying every time: a token's signature never changes, and expiry is still checked on every
 * read against the same injected clock.
 */
export class CachingSessionTokens extends SessionTokens {
  /** Per token type, the verified tokens (a Map each, so a lookup hashes the token as it came, unconcatenated). */
  private readonly verified = new Map<SessionClaims['typ'], Map<string, SessionClaims>>();
  private size = 0;

  constructor(
    secret: string,
    private readonly clock: () => number = () => Date.now(),
  ) {
    super(secret, clock);
  }

  override async read(token: string, typ: SessionClaims['typ'] = 'sesion'): Promise<SessionClaims | null> {
    let ofType = this.verified.get(typ);
    const known = ofType?.get(token);
    if (known) {
      if (known.exp > Math.floor(this.clock() / 1000)) return known;
      ofType?.delete(token);
      this.size -= 1;
      return null;
    }
    const claims = await super.read(token, typ);
    if (claims) {
      // Full: start over (tokens still in use are verified again once); simpler than an LRU and as correct.
      if (this.size >= CACHED_TOKENS) {
        this.verified.clear();
        this.size = 0;
      }
      ofType = this.verified.get(typ) ?? new Map<string, SessionClaims>();
      this.verified.set(typ, ofType);
      if (!ofType.has(token)) this.size += 1;
      ofType.set(token, Object.freeze(claims));
    }
    return claims;
  }
}
