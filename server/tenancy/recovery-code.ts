import { randomInt } from 'node:crypto';
import { verifyPassword } from './password.ts';

/** A recovery code is valid this long (spec 8: "Vence en 15 minutos"); only the newest one asked works. */
export const RECOVERY_CODE_MINUTES = 15;
/** Wrong tries of one code before it stops working, whatever the lockout says. */
const MAX_CODE_ATTEMPTS = 5;

/** Six digits, e-mailed and typed by hand. */
export function newRecoveryCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** When a code asked at `now` expires (epoch ms, as the codes' tables keep it). */
export function recoveryCodeExpiry(now: Date): number {
  return now.getTime() + RECOVERY_CODE_MINUTES * 60_000;
}

/** Whether `code` is the pending one (the newest unused, unexpired code) and it has tries left. */
export async function recoveryCodeMatches(pending: { Intentos: number; HashCodigo: string } | undefined, code: string): Promise<boolean> {
  return pending !== undefined && pending.Intentos < MAX_CODE_ATTEMPTS && (await verifyPassword(code, pending.HashCodigo));
}
