import * as v from 'valibot';
import { CARD_KINDS, type CardKind } from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '#server/app-env.ts';

/** An inspector's PDF link opens in a new tab without the session token: it is signed and lives this long. */
export const PDF_LINK_SECONDS = 5 * 60;

/** The domain of these signatures: a signed file URL (`sha256:expires`) can never be read as one of these. */
const PURPOSE = 'fiscales-pdf:';

/** What a link stands for: this inspector may open this record of this worker of this company until `x`. */
export interface PdfLinkClaims {
  f: number;
  e: string;
  p: string;
  t: CardKind;
  i: string;
  /** Expiry, seconds since the epoch. */
  x: number;
}

const ClaimsSchema = v.object({ f: v.number(), e: v.string(), p: v.string(), t: v.picklist(CARD_KINDS), i: v.string(), x: v.number() });

/** `<claims as base64url JSON>.<HMAC of them>`: one path segment, the credential itself. */
export function signPdfLink(deps: Pick<AppDeps, 'files' | 'now'>, claims: Omit<PdfLinkClaims, 'x'>): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, x: Math.floor(deps.now().getTime() / 1000) + PDF_LINK_SECONDS })).toString('base64url');
  return `${payload}.${deps.files.sign(PURPOSE + payload)}`;
}

export type PdfLinkCheck = { ok: true; claims: PdfLinkClaims } | { ok: false; reason: 'forged' | 'expired' };

/** The claims of a link this server signed and that has not expired; otherwise why not. */
export function readPdfLink(deps: Pick<AppDeps, 'files' | 'now'>, firma: string): PdfLinkCheck {
  const [payload, signature, ...rest] = firma.split('.');
  if (!payload || !signature || rest.length > 0 || !deps.files.isSigned(PURPOSE + payload, signature)) return { ok: false, reason: 'forged' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  const claims = v.safeParse(ClaimsSchema, parsed);
  if (!claims.success) return { ok: false, reason: 'forged' };
  if (claims.output.x < deps.now().getTime() / 1000) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims.output };
}
