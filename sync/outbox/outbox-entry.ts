import * as v from 'valibot';

export const ENTRY_STATES = ['pending', 'sending', 'failed-retrying', 'dead', 'paused'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];

/** The server's refusal as the person will read it (error envelope `{ statusCode, message, code? }`). */
export const EntryErrorSchema = v.object({
  status: v.number(),
  message: v.string(),
  code: v.optional(v.string()),
});
export type EntryError = v.InferOutput<typeof EntryErrorSchema>;

export const FileRefSchema = v.object({
  sha256: v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/)),
  type: v.pipe(v.string(), v.nonEmpty()),
});
export type FileRef = v.InferOutput<typeof FileRefSchema>;

export const OutboxEntrySchema = v.object({
  /** Idempotency key (UUIDv7). Never changes on retry; only a resend with a corrected body gets a new one (OB4). */
  key: v.pipe(v.string(), v.uuid()),
  /** Device order, assigned by the store when the entry is appended (OB5). */
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
  method: v.picklist(WRITE_METHODS),
  /** Absolute API path, e.g. `/api/trabajadores/newtrabajadores2/76123456`. */
  path: v.pipe(v.string(), v.startsWith('/api/')),
  body: v.unknown(),
  payloadVersion: v.pipe(v.number(), v.integer(), v.minValue(1)),
  createdAt: v.number(),
  /** Times the entry was handed to the transport. */
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  state: v.picklist(ENTRY_STATES),
  lastError: v.optional(EntryErrorSchema),
  nextAttemptAt: v.number(),
  /** `<table>:<id>`: entries of one record are applied in order and wait behind a dead one (RP11). */
  recordKey: v.optional(v.string()),
  /** Keys of earlier entries this one needs on the server first (a child pointing at its parent). */
  dependsOn: v.optional(v.array(v.string())),
  files: v.optional(v.array(FileRefSchema)),
  /** Set when an upgrader rewrote the body after the old body may already have reached the server (OB8). */
  upgradedAfterAttempt: v.optional(v.boolean()),
});
export type OutboxEntry = v.InferOutput<typeof OutboxEntrySchema>;

/** What the app supplies for a write; the rest is filled by `newOutboxEntry` and the store. */
export interface WriteRequest {
  method: WriteMethod;
  path: string;
  body?: unknown;
  payloadVersion: number;
  recordKey?: string;
  dependsOn?: string[];
  files?: FileRef[];
}

export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>;

/** Bytes kept on the device until the server has them. ArrayBuffer, never Blob (Blobs in IndexedDB break on WebKit). */
export interface StoredFile {
  sha256: string;
  type: string;
  bytes: ArrayBuffer;
  uploaded: boolean;
}

export function recordKeyOf(table: string, id: string): string {
  return `${table}:${id}`;
}

export function newOutboxEntry(write: WriteRequest, key: string, now: number): NewOutboxEntry {
  const entry: NewOutboxEntry = {
    key,
    method: write.method,
    path: write.path,
    body: write.body,
    payloadVersion: write.payloadVersion,
    createdAt: now,
    attempts: 0,
    state: 'pending',
    nextAttemptAt: now,
  };
  if (write.recordKey !== undefined) entry.recordKey = write.recordKey;
  if (write.dependsOn?.length) entry.dependsOn = [...write.dependsOn];
  if (write.files?.length) entry.files = write.files.map((file) => ({ ...file }));
  return entry;
}
