/**
 * The day pass (issue 39): what the server signs so a guard's tablet decides safely even when its data is days old.
 * A pass says that a person (RUT) may enter a worksite through a day; the server signs it with the company's ECDSA
 * P-256 key and the public half reaches every device with the session, so a tablet verifies it offline with
 * WebCrypto (the same code in the browser and in Node). A revocation travels as a small change (its `Id`).
 *
 * The token is what the product prints as a QR: `<payload>.<signature>`, both base64url; the payload is the JSON of
 * `DayPass`, the signature the IEEE P1363 form (r‖s, 64 bytes) WebCrypto makes.
 */

export interface DayPass {
  /** The pass's own id, what a revocation names. */
  Id: string;
  /** The person's RUT, as workers store it ("12345678-5"). */
  Rut: string;
  /** The worksite (level 2) it opens. */
  IdNivel2: string;
  /** The last day it holds (YYYY-MM-DD, Chile): the person's accreditation's end, at most. */
  Hasta: string;
  /** When the server signed it (ISO instant). */
  Emitido: string;
}

/** The public half of a company's pass key as sessions carry it (a JWK of ECDSA P-256, nothing more). */
export interface PassPublicKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  // A length of 4n+1 is no base64 at all (atob throws on it).
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The fields in one order, so the signed bytes never depend on how the pass object was built. */
const payloadOf = (pass: DayPass) =>
  JSON.stringify({ Id: pass.Id, Rut: pass.Rut, IdNivel2: pass.IdNivel2, Hasta: pass.Hasta, Emitido: pass.Emitido });

export async function generatePassKeys(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

/** The public half as sessions carry it, from an exported JWK (which also says its uses). */
export const passPublicKey = ({ x, y }: JsonWebKey): PassPublicKey => ({ kty: 'EC', crv: 'P-256', x: x ?? '', y: y ?? '' });

export const importPassPrivateKey = (jwk: JsonWebKey) => crypto.subtle.importKey('jwk', jwk, ALGORITHM, false, ['sign']);
export const importPassPublicKey = (jwk: PassPublicKey) => crypto.subtle.importKey('jwk', jwk, ALGORITHM, false, ['verify']);

/** The token of a pass, signed with the company's private key. */
export async function signDayPass(privateKey: CryptoKey, pass: DayPass): Promise<string> {
  const payload = new TextEncoder().encode(payloadOf(pass));
  const signature = new Uint8Array(await crypto.subtle.sign(SIGNING, privateKey, payload));
  return `${toBase64Url(payload)}.${toBase64Url(signature)}`;
}

function parsePass(value: unknown): DayPass | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const fields = ['Id', 'Rut', 'IdNivel2', 'Hasta', 'Emitido'] as const;
  if (!fields.every((field) => typeof row[field] === 'string')) return null;
  const pass = Object.fromEntries(fields.map((field) => [field, row[field]])) as unknown as DayPass;
  return /^\d{4}-\d{2}-\d{2}$/.test(pass.Hasta) ? pass : null;
}

/** The pass a token carries when the company's key signed it exactly as it reads; null for anything else. */
export async function verifyDayPass(publicKey: CryptoKey, token: string): Promise<DayPass | null> {
  const [payloadText, signatureText, extra] = token.trim().split('.');
  if (payloadText === undefined || signatureText === undefined || extra !== undefined) return null;
  const payload = fromBase64Url(payloadText);
  const signature = fromBase64Url(signatureText);
  if (!payload || !signature || signature.length !== 64) return null;
  if (!(await crypto.subtle.verify(SIGNING, publicKey, signature, payload))) return null;
  try {
    const pass = parsePass(JSON.parse(new TextDecoder().decode(payload)));
    // Signed bytes that are not the canonical payload of what they say are not a pass the server made.
    return pass && payloadOf(pass) === new TextDecoder().decode(payload) ? pass : null;
  } catch {
    return null;
  }
}

export const DAY_PASS_MESSAGES = {
  otherPerson: 'El pase es de otra persona',
  otherWorksite: 'El pase es de otra faena',
  expired: 'El pase venció',
  revoked: 'El pase fue revocado',
} as const;

/** Why a verified pass does not let `rut` into `IdNivel2` on `today`, or null when it does. */
export function dayPassProblem(
  pass: DayPass,
  at: { Rut: string; IdNivel2: string; today: string; revoked: ReadonlySet<string> },
): string | null {
  if (pass.Rut !== at.Rut) return DAY_PASS_MESSAGES.otherPerson;
  if (pass.IdNivel2 !== at.IdNivel2) return DAY_PASS_MESSAGES.otherWorksite;
  if (at.revoked.has(pass.Id)) return DAY_PASS_MESSAGES.revoked;
  return at.today > pass.Hasta ? DAY_PASS_MESSAGES.expired : null;
}
