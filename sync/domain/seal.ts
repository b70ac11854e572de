/**
 * The seal of a record that must stand unchanged for years (an EPP delivery acta, later a training attendance or an
 * incident declaration): SHA-256 over ONE canonical form of the record, computed the same way on the device that
 * signs it and on the server that receives it, today and years from now.
 *
 * The canonical form is fixed by a layout (`SealLayout`): which fields, in which order, each of which kind. It is the
 * JSON text of `[layout.id, [[field, value], ...]]`, where every value is text (or null, or a list of such records):
 * - `text`: the string in Unicode NFC (a name typed on one tablet and on another is the same text);
 * - `number`: its shortest decimal text, never an exponent ("2", "0.5"); NaN and infinities are refused;
 * - `date`: a calendar date YYYY-MM-DD;
 * - `instant`: a moment, written in UTC with its zone ("2026-11-21T15:04:05.123Z"); the input must say its zone;
 * - `sha256`: 64 lowercase hex digits (a file's hash);
 * - `list`: the items in their given order, each laid out with `of`.
 * JSON.stringify writes strings the same way in every engine, so the text (and the hash) cannot differ by platform.
 * A layout that changes gets a new `id`: a seal made with the old one still verifies with the old one.
 */

export type SealScalarKind = 'text' | 'number' | 'date' | 'instant' | 'sha256';

export type SealField =
  | { readonly name: string; readonly kind: SealScalarKind; readonly nullable?: boolean }
  | { readonly name: string; readonly kind: 'list'; readonly of: readonly SealField[] };

export interface SealLayout {
  /** Names the layout and its version: "andes-hse/epp-acta/1". */
  readonly id: string;
  readonly fields: readonly SealField[];
}

/** A record the layout cannot write (a missing field, a number that is not finite, a time without zone). */
export class SealInputError extends Error {
  override name = 'SealInputError';
}

type Canonical = string | null | Canonical[];

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Date, time and a zone: Z or ±hh:mm. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const SHA256 = /^[a-f0-9]{64}$/;

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new SealInputError('Un número del sello no es finito');
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Very large or small numbers: the same digits written out in full, so no reader has to know about exponents.
  const [mantissa, exponentText] = text.toLowerCase().split('e') as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.') as [string, string?];
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const written = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${negative ? '-' : ''}${written}`;
}

function scalar(kind: SealScalarKind, value: unknown, path: string): string {
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') throw new SealInputError(`${path} debe ser texto`);
      return value.normalize('NFC');
    case 'number':
      if (typeof value !== 'number') throw new SealInputError(`${path} debe ser un número`);
      return numberText(value);
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value)) throw new SealInputError(`${path} debe ser una fecha AAAA-MM-DD`);
      return value;
    case 'instant': {
      if (typeof value !== 'string' || !INSTANT.test(value) || Number.isNaN(Date.parse(value))) {
        throw new SealInputError(`${path} debe ser una fecha y hora con zona horaria`);
      }
      return new Date(value).toISOString();
    }
    case 'sha256':
      if (typeof value !== 'string' || !SHA256.test(value.toLowerCase())) throw new SealInputError(`${path} debe ser una huella SHA-256`);
      return value.toLowerCase();
  }
}

function laidOut(fields: readonly SealField[], record: Record<string, unknown>, prefix: string): Canonical[] {
  return fields.map((field) => {
    const path = `${prefix}${field.name}`;
    if (!Object.hasOwn(record, field.name) || record[field.name] === undefined) throw new SealInputError(`Falta ${path} para el sello`);
    const value = record[field.name];
    if (field.kind === 'list') {
      if (!Array.isArray(value)) throw new SealInputError(`${path} debe ser una lista`);
      return [field.name, value.map((item: unknown, index) => {
        if (typeof item !== 'object' || item === null) throw new SealInputError(`${path}[${index}] debe ser un registro`);
        return laidOut(field.of, item as Record<string, unknown>, `${path}[${index}].`);
      })];
    }
    if (value === null) {
      if (!field.nullable) throw new SealInputError(`Falta ${path} para el sello`);
      return [field.name, null];
    }
    return [field.name, scalar(field.kind, value, path)];
  });
}

/** The canonical text of `record` under `layout`: the exact bytes (as UTF-8) that the seal hashes. */
export function canonicalForm(layout: SealLayout, record: Record<string, unknown>): string {
  return JSON.stringify([layout.id, laidOut(layout.fields, record, '')]);
}

/** SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex digits (Web Crypto: browsers and Node 20 alike). */
export async function sha256OfText(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The seal of `record` under `layout`. */
export function sealOf(layout: SealLayout, record: Record<string, unknown>): Promise<string> {
  return sha256OfText(canonicalForm(layout, record));
}

/** A seal as it is stored and printed: 64 lowercase hex digits. */
export function isSeal(value: string): boolean {
  return SHA256.test(value);
}
