/** Letters and digits a person reads aloud or copies by hand without confusing them (no 0/O, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * A new account's first password, made on the administrator's device so the write can wait in the outbox and the
 * password still be handed over at once. The person must change it at their first sign-in.
 */
export function temporaryPassword(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(TEMPORARY_PASSWORD_LENGTH * 2));
  let password = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of the alphabet's size).
  const limit = 256 - (256 % ALPHABET.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    password += ALPHABET[byte % ALPHABET.length];
    if (password.length === TEMPORARY_PASSWORD_LENGTH) return password;
  }
  return password + temporaryPassword(random).slice(password.length);
}
