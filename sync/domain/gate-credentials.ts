import { cleanRut, isValidRut } from './rut.ts';

/**
 * What a guard's tablet reads at the gate (issue 39), typed or from a camera: a person by RUT (typed, the QR of the
 * Chilean identity card, or the product's own QR), a day pass the server signed, or a vehicle or machine by its
 * plate, code or QR.
 */
export type GateCredential = { kind: 'persona'; Rut: string } | { kind: 'pase'; token: string } | { kind: 'activo'; code: string };

/** The product's own QR codes: a person's and an asset's. */
export const PERSON_QR_PREFIX = 'andes-hse:persona:';
export const ASSET_QR_PREFIX = 'andes-hse:activo:';

/**
 * The identity card's QR carries a Registro Civil address whose `RUN` parameter is the person's RUT
 * (`https://portal.sidiv.registrocivil.cl/docstatus?RUN=12345678-5&type=CEDULA&serial=…`).
 */
function runOfCardAddress(text: string): string | null {
  let address: URL;
  try {
    address = new URL(text);
  } catch {
    return null;
  }
  if (!address.hostname.endsWith('registrocivil.cl')) return null;
  return address.searchParams.get('RUN');
}

const PASS_TOKEN = /^[A-Za-z0-9_-]{40,}\.[A-Za-z0-9_-]{80,90}$/;
/** A plate (JHKL42, BB-CC-12) or a machine's code (GH-01): letters and digits, with dashes, dots or spaces between. */
const ASSET_CODE = /^[A-Za-z0-9][A-Za-z0-9 .·-]{1,38}[A-Za-z0-9]$/;

const person = (text: string): GateCredential | null => (isValidRut(text) ? { kind: 'persona', Rut: cleanRut(text) } : null);

/** What `text` names, or null when it is none of the above (an unreadable code, a RUT with a wrong check digit). */
export function readGateCredential(input: string): GateCredential | null {
  const text = input.trim();
  if (text === '') return null;
  const run = runOfCardAddress(text);
  if (run !== null) return person(run);
  if (text.startsWith(PERSON_QR_PREFIX)) return person(text.slice(PERSON_QR_PREFIX.length));
  if (text.startsWith(ASSET_QR_PREFIX)) return { kind: 'activo', code: text.slice(ASSET_QR_PREFIX.length) };
  if (PASS_TOKEN.test(text)) return { kind: 'pase', token: text };
  if (/^[\d.]+-[\dkK]$/.test(text)) return person(text);
  return ASSET_CODE.test(text) ? { kind: 'activo', code: text.replace(/[\s.·]/g, '').toUpperCase() } : null;
}
