import { sign, verify } from 'hono/jwt';

export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

export interface SessionClaims {
  sub: number;
  emp: string;
  exp: number;
  iat: number;
  /** Distinguishes a session token from a password-change challenge token. */
  typ: 'sesion' | 'desafio';
}

export class SessionTokens {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  async issue(userId: number, companyId: string, typ: SessionClaims['typ'] = 'sesion'): Promise<{ token: string; expiresAt: Date }> {
    const iat = this.nowSeconds();
    const exp = iat + (typ === 'sesion' ? SESSION_LIFETIME_SECONDS : CHALLENGE_LIFETIME_SECONDS);
    const claims: SessionClaims = { sub: userId, emp: companyId, iat, exp, typ };
    const token = await sign({ ...claims }, this.secret, 'HS256');
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a valid, unexpired token of the given type, or null. */
  async read(token: string, typ: SessionClaims['typ'] = 'sesion'): Promise<SessionClaims | null> {
    try {
      // Expiry is checked below against the injected clock, so tests can cross the 8 hours without waiting.
      const options = { alg: 'HS256' as const, exp: false, nbf: false, iat: false };
      const claims = (await verify(token, this.secret, options)) as unknown as SessionClaims;
      if (claims.typ !== typ || typeof claims.sub !== 'number' || typeof claims.emp !== 'string') return null;
      if (claims.exp <= this.nowSeconds()) return null;
      return claims;
    } catch {
      return null;
    }
  }
}
