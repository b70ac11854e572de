import { describe, expect, it } from 'vitest';
import { TEMPORARY_PASSWORD_LENGTH, temporaryPassword } from './temporary-password.ts';

describe('temporary passwords', () => {
  it('are 12 characters of an alphabet without look-alikes, different each time', () => {
    const made = new Set(Array.from({ length: 200 }, () => temporaryPassword()));
    expect(made.size).toBe(200);
    for (const password of made) expect(password).toMatch(new RegExp(`^[A-HJ-NP-Za-km-z2-9]{${TEMPORARY_PASSWORD_LENGTH}}$`));
  });

  it('skip the bytes that would favour the first letters, and ask for more when too many were skipped', () => {
    let call = 0;
    const random = (bytes: Uint8Array) => {
      call += 1;
      // The first draw is all above the fair limit (228 for 57 characters): every byte is skipped.
      return bytes.fill(call === 1 ? 250 : 1);
    };
    expect(temporaryPassword(random)).toBe('B'.repeat(TEMPORARY_PASSWORD_LENGTH));
    expect(call).toBe(2);
  });
});
