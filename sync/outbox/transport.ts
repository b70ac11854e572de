import type { EntryError, OutboxEntry } from './outbox-entry.ts';
import type { ChangesPage } from './sync-protocol.ts';

/**
 * Every answer, classified once at the boundary (SPEC RP3, RP8, RP9, RP10):
 * - ok: 2xx believed to come from the API (RP7);
 * - retry: network error or timeout (status 0), 408, 429, 5xx, 409 `EN_CURSO`, an unbelievable 2xx;
 * - auth: 401;
 * - file-pending: `ARCHIVO_PENDIENTE`;
 * - update: `PROTOCOLO_ANTIGUO`, the server no longer speaks this app's protocol (PV3);
 * - permanent: every other 4xx.
 */
export type OutcomeKind = 'ok' | 'retry' | 'auth' | 'permanent' | 'file-pending' | 'update';

export interface Outcome {
  kind: OutcomeKind;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  body: unknown;
  /** From `Retry-After`, when the server sent one. */
  retryAfterMs?: number;
  /** What to show the person, for anything but ok. */
  error?: EntryError;
}

export type BatchOutcome =
  /** Results by key; an entry with no result was not processed (RP5). */
  | { kind: 'ok'; results: Map<string, Outcome> }
  /** The request as a whole failed; `fallback` asks for single calls (RP6). */
  | { kind: 'failed'; outcome: Outcome; fallback: boolean };

/** A file as it travels: its hash (the name the server checks it against), its MIME type and its bytes (FL1). */
export interface UploadableFile {
  sha256: string;
  type: string;
  bytes: ArrayBuffer;
}

export type FileBatchOutcome =
  /** Results by sha256, each what the file's own `PUT` would have answered; a file with no result was not stored. */
  | { kind: 'ok'; results: Map<string, Outcome> }
  /** The request as a whole failed; `fallback` asks for one `PUT` per file (FL10). */
  | { kind: 'failed'; outcome: Outcome; fallback: boolean };

export type PullOutcome = { kind: 'ok'; page: ChangesPage } | { kind: 'failed'; outcome: Outcome };

export type SendableEntry = Pick<OutboxEntry, 'key' | 'method' | 'path' | 'body'>;

export interface Transport {
  sendBatch(entries: SendableEntry[]): Promise<BatchOutcome>;
  sendOne(entry: SendableEntry): Promise<Outcome>;
  uploadFile(sha256: string, type: string, bytes: ArrayBuffer): Promise<Outcome>;
  /** Several files in one request, `POST /api/files/lote` (FL7). Without it every file goes by its own `PUT`. */
  uploadFiles?(files: UploadableFile[]): Promise<FileBatchOutcome>;
  /** True when the server already has the file; false or a failure mean "upload it" (FL6). */
  fileExists?(sha256: string): Promise<boolean>;
  pullChanges(cursor: string | null): Promise<PullOutcome>;
}
