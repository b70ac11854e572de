import { isPastOfflineLimit, SYNC_ERRORS } from '#sync/outbox/sync-protocol.ts';
import type { Db } from '../db/database.ts';
import { canonicalJson } from './canonical-json.ts';

/**
 * RT3: a write made longer ago than a device may stay offline, whose key the ledger does not hold, may be one the
 * ledger has forgotten (RT2). It runs like any write: every write is idempotent by its content (ids made on the
 * device, CF1 versions, append-only children), so one never applied is applied now and one already applied
 * changes nothing or is a conflict. Only the conflict is judged again, by what the server holds.
 */
export function isStaleWrite(key: string, sentAtHeader: string | undefined, serverNow: Date): boolean {
  const sentAt = sentAtHeader !== undefined && /^\d{1,15}$/.test(sentAtHeader) ? Number(sentAtHeader) : serverNow.getTime();
  return isPastOfflineLimit(key, sentAt);
}

export type StaleVerdict =
  /** The server's record already holds everything the write sets: it counts as applied, with that row. */
  | { kind: 'applied'; current: Record<string, unknown> }
  /** 409 ESCRITURA_VENCIDA: nothing applied, the device dead-letters it for the person (RP9). */
  | { kind: 'refused' };

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The verdict on a stale write whose answer was 409 CONFLICTO (`answer`, with the server's row in `data`), or
 * null for any other answer, which stands. Equal means every field the body sends (but `Version`) that the row
 * has holds the same value, on an active record.
 */
export function judgeStaleConflict(requestBody: string, answer: string): StaleVerdict | null {
  const envelope = parsed(answer) as { code?: unknown; data?: unknown } | undefined;
  if (envelope?.code !== SYNC_ERRORS.conflict.code) return null;
  const row = envelope.data;
  const body = parsed(requestBody);
  if (!row || typeof row !== 'object' || !body || typeof body !== 'object' || Array.isArray(body)) return { kind: 'refused' };
  const current = row as Record<string, unknown>;
  if (current.Estado === 0) return { kind: 'refused' };
  const sent = Object.entries(body).filter(([field]) => field !== 'Version' && field in current);
  const holds = sent.length > 0 && sent.every(([field, value]) => canonicalJson(value) === canonicalJson(current[field]));
  return holds ? { kind: 'applied', current } : { kind: 'refused' };
}

/** The conflict row the handler kept for this key: a write judged applied lost nothing. */
export async function forgetConflict(db: Db, company: string, key: string): Promise<void> {
  await db.deleteFrom('conflictos').where('IdEmpresa', '=', company).where('Clave', '=', key).execute();
}
