export const RUT_MESSAGES = {
  required: 'El rut es requerido',
  format: 'El formato es incorrecto',
  invalid: 'El rut no es válido',
} as const;

const RUT_SHAPE = /^(\d{7,8})-([\dK])$/;

/** Removes dots and spaces and upper-cases the check digit: "12.345.678-k" -> "12345678-K". */
export function cleanRut(input: string): string {
  return input.replace(/[.\s]/g, '').toUpperCase();
}

export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'K';
  return String(digit);
}

/** The spec's message for a bad RUT, or null when it is valid. Accepts dots ("12.345.678-5"). */
export function rutError(input: string | null | undefined): string | null {
  const value = cleanRut(input ?? '');
  if (value === '') return RUT_MESSAGES.required;
  const match = RUT_SHAPE.exec(value);
  if (!match) return RUT_MESSAGES.format;
  return rutCheckDigit(match[1]!) === match[2] ? null : RUT_MESSAGES.invalid;
}

export function isValidRut(input: string): boolean {
  return rutError(input) === null;
}

/** "123456785" or "12345678-5" -> "12.345.678-5". Returns the input unchanged when it has no digits. */
export function formatRut(input: string): string {
  const value = cleanRut(input).replace(/-/g, '');
  if (value.length < 2) return input;
  const body = value.slice(0, -1);
  const digit = value.slice(-1);
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${digit}`;
}

/** The company id the whole API is scoped by: the tax id without its last two characters (dash and digit). */
export function companyIdFromRut(rutEmpresa: string): string {
  return cleanRut(rutEmpresa).slice(0, -2);
}
