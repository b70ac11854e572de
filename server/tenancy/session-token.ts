import { randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

export interface SessionClaims {
  sub: number;
  emp: string;
  exp: number;
  iat: number;
  /**
   * What the token opens: a company user's session or password-change challenge, or an inspector's (`fiscal`,
   * `emp` empty: an inspector belongs to no company). Each guard reads only its own kind, so a company token never
   * opens an inspector route and an inspector token never opens a company route.
   */
  typ: 'sesion' | 'desafio' | 'fiscal' | 'desafio-fiscal';
  /** This session's id: signing out closes it alone (SPEC SE2). */
  sid: string;
  /**
   * The account's session generation when the token was issued: a password change, a reset or a deactivation
   * moves the account's, and every token of an earlier one opens nothing (SPEC SE3).
   */
  gen: number;
}

export class SessionTokens {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** A token for the account `userId` at its session generation `generation` (`GeneracionSesion`). */
  async issue(userId: number, companyId: string, typ: SessionClaims['typ'], generation: number): Promise<{ token: string; expiresAt: Date; claims: SessionClaims }> {
    const iat = this.nowSeconds();
    const exp = iat + (typ === 'sesion' || typ === 'fiscal' ? SESSION_LIFETIME_SECONDS : CHALLENGE_LIFETIME_SECONDS);
    const claims: SessionClaims = { sub: userId, emp: companyId, iat, exp, typ, sid: randomUUID(), gen: generation };
    const token = await sign({ ...claims }, this.secret, 'HS256');
    return { token, expiresAt: new Date(exp * 1000), claims };
  }

  /**
   * The claims of a validly signed, unexpired token of the given type, or null. Whether its session is still open
   * is the database's to say (server/tenancy/session-state.ts): a signature never changes, a session can end.
   */
  async read(token: string, typ: SessionClaims['typ'] = 'sesion'): Promise<SessionClaims | null> {
    try {
      // Expiry is checked below against the injected clock, so tests can cross the 8 hours without waiting.
      const options = { alg: 'HS256' as const, exp: false, nbf: false, iat: false };
      const claims = (await verify(token, this.secret, options)) as unknown as SessionClaims;
      if (claims.typ !== typ || typeof claims.sub !== 'number' || typeof claims.emp !== 'string') return null;
      // A token issued before sessions had ids cannot be signed out: it opens nothing (its device signs in again).
      if (typeof claims.sid !== 'string' || !Number.isInteger(claims.gen)) return null;
      if (claims.exp <= this.nowSeconds()) return null;
      return claims;
    } catch {
      return null;
    }
  }
}
