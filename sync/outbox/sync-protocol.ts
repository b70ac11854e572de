import * as v from 'valibot';
import { WRITE_METHODS } from './outbox-entry.ts';
import { uuidV7Time } from './uuid-v7.ts';

/**
 * The sync protocol, for both sides: the device's outbox and pull (`sync/outbox/`) and the server's sync calls
 * (`server/sync/`, `server/files/`). Version, headers, limits, retention, error codes with their Spanish messages
 * and the shapes of the batch, changes and file-batch calls (SPEC PV, RP, PL, FL, RT).
 */

/** PV1: the version this code speaks; every sync request carries it in `Sync-Protocol`. */
export const SYNC_PROTOCOL_VERSION = 2;
/** PV2: the oldest version the server still serves. A request without the header is version 1. */
export const OLDEST_SERVED_PROTOCOL = 2;

export const PROTOCOL_HEADER = 'Sync-Protocol';
/** RT3: the device's clock when it sent the request (ms since 1970), to age its writes on that same clock. */
export const SENT_AT_HEADER = 'Sync-Sent-At';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const SYNC_PATHS = {
  batch: '/api/sync/batch',
  changes: '/api/sync/changes',
  file: (sha256: string) => `/api/files/${sha256}`,
  fileBatch: '/api/files/lote',
} as const;

/**
 * One set of limits for both sides. A batch of 1,000 writes drains a day's work in one round trip: 1,000 writes
 * with 240 signatures at +300 ms a round trip are three file batches, one write batch and a pull.
 */
export const SYNC_LIMITS = {
  /** RP5: entries in one `POST /api/sync/batch`. */
  batchEntries: 1000,
  /** RP5: bytes of one batch request's body; the device keeps its batches under it, the server answers 413 above. */
  batchBytes: 25 * 1024 * 1024,
  /**
   * PL2: changes in one page (`limit`), and the page the server answers without one. Each page is one IndexedDB
   * transaction on the device, and its commit is most of a page's cost: 2,500 rows took a first pull of 20,000
   * workers from 5.5 s to 4.1 s.
   */
  changesPage: 2500,
  changesPageDefault: 500,
  /** FL7: files and body bytes of one `POST /api/files/lote`. */
  fileBatchFiles: 100,
  fileBatchBytes: 8 * 1024 * 1024,
  /** FL8: bigger files go by their own `PUT`, asked about with `HEAD` first (FL6). */
  fileHeadAboveBytes: 1024 * 1024,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** RT1, RT2: how long a device may stay offline and sync as normal, and how long the server remembers. */
export const SYNC_RETENTION = {
  offlineDays: 60,
  /** The idempotency ledger and the change log keep 90 days: longer than a device may stay offline. */
  keepDays: 90,
} as const;

/** The error codes of the sync calls, each with its status and the Spanish message the person reads. */
export const SYNC_ERRORS = {
  inProgress: { status: 409, code: 'EN_CURSO', message: 'Esta escritura aún se está procesando; reintenta en unos segundos' },
  filePending: { status: 409, code: 'ARCHIVO_PENDIENTE', message: 'El archivo aún no llega al servidor' },
  conflict: { status: 409, code: 'CONFLICTO', message: 'El registro cambió en el servidor; tu versión quedó guardada como conflicto' },
  keyReused: { status: 422, code: 'IDEMPOTENCIA_DISTINTA', message: 'La clave de idempotencia ya se usó con otro contenido' },
  badKey: { status: 400, code: 'IDEMPOTENCIA_CLAVE', message: 'La clave de idempotencia no es válida' },
  requestTooLarge: { status: 413, code: 'SOLICITUD_GRANDE', message: 'La solicitud es demasiado grande' },
  batchTooLarge: { status: 413, code: 'LOTE_GRANDE', message: `El lote supera el máximo de ${SYNC_LIMITS.batchBytes / 1024 / 1024} MB; envíalo en partes` },
  fileBatchTooLarge: {
    status: 413,
    code: 'LOTE_GRANDE',
    message: `El lote de archivos supera el máximo de ${SYNC_LIMITS.fileBatchFiles} archivos u ${SYNC_LIMITS.fileBatchBytes / 1024 / 1024} MB; envíalo en partes`,
  },
  fileHashMismatch: { status: 422, code: 'HUELLA_DISTINTA', message: 'El archivo no coincide con su huella (SHA-256)' },
  oldProtocol: {
    status: 426,
    code: 'PROTOCOLO_ANTIGUO',
    message: 'Esta versión de la aplicación ya no sincroniza con el servidor. Actualiza la aplicación: tus cambios pendientes siguen guardados y se enviarán después.',
  },
  newerProtocol: {
    status: 503,
    code: 'PROTOCOLO_DESCONOCIDO',
    message: 'El servidor aún no conoce esta versión de la aplicación. Se reintentará más tarde.',
  },
  staleWrite: {
    status: 409,
    code: 'ESCRITURA_VENCIDA',
    message: `Este cambio se guardó hace más de ${SYNC_RETENTION.offlineDays} días y el registro ya no coincide con lo que tiene el servidor. Revísalo y vuelve a enviarlo, o descártalo.`,
  },
} as const;

export type SyncError = (typeof SYNC_ERRORS)[keyof typeof SYNC_ERRORS];

/** The error envelope `{ statusCode, message, code }` of one of these errors, as the server answers it. */
export function syncErrorBody(error: SyncError): { statusCode: number; message: string; code: string } {
  return { statusCode: error.status, message: error.message, code: error.code };
}

export const SYNC_MESSAGES = {
  /** RT3: a replayed write the server already holds, answered as applied. */
  alreadyApplied: 'Este cambio ya estaba guardado en el servidor',
  entriesRequired: 'El lote debe traer una lista de escrituras (entries)',
  entriesMax: `El lote no puede tener más de ${SYNC_LIMITS.batchEntries} escrituras`,
  keyRequired: 'Cada escritura del lote necesita su clave (key)',
  keyFormat: 'La clave de la escritura no es válida',
  methodInvalid: 'El método de la escritura debe ser POST, PUT, PATCH o DELETE',
  pathRequired: 'Cada escritura del lote necesita su ruta (path)',
  entryInvalid: 'Cada escritura del lote debe ser un objeto { key, method, path, body }',
  pathInvalid: 'La ruta de la escritura debe comenzar con /api/ y no puede ser de sesión ni otro lote',
  cursorInvalid: 'El cursor (since) debe ser un número entero',
  limitInvalid: `El límite debe ser un número entre 1 y ${SYNC_LIMITS.changesPage}`,
} as const;

/** The headers every sync request of this version carries (PV1, RT3). */
export function protocolHeaders(sentAt: number): Record<string, string> {
  return { [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION), [SENT_AT_HEADER]: String(Math.floor(sentAt)) };
}

/** The version a request speaks: its header, or 1 for a request without it; null for a header that is not a version. */
export function requestProtocol(header: string | undefined): number | null {
  if (header === undefined) return 1;
  return /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) : null;
}

/**
 * RT3: true when the write with this idempotency key was made longer ago than a device may stay offline. Measured
 * on the device's clock: from the key's UUIDv7 time (OB3) to when the device sent it (`Sync-Sent-At`), so a device
 * whose clock is off ages its writes correctly. A key that is not a UUIDv7 (an integration's) has no age.
 */
export function isPastOfflineLimit(key: string, sentAt: number): boolean {
  const madeAt = uuidV7Time(key);
  return madeAt !== null && sentAt - madeAt > SYNC_RETENTION.offlineDays * DAY_MS;
}

/**
 * A path that a URL parser leaves as it is: letters, digits, `_`, `-` and `/` (no dot segment, no escape), and a
 * query of characters it does not encode. Every path the app writes to is one; others are parsed as URLs.
 */
const PLAIN_PATH = /^\/api\/[\w\-/]*(?:\?[\w\-.~=&+,:@]+)?$/;

/** An entry's path and query as `new URL(path, base)` reads them, without parsing a URL for a plain path. */
export function pathAndQuery(path: string, base: string): { pathname: string; search: string } {
  if (!PLAIN_PATH.test(path)) return new URL(path, base);
  const at = path.indexOf('?');
  return at < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, at), search: path.slice(at) };
}

/** Paths a batch may carry: API writes, never sign-in, never another batch (checked after URL normalisation). */
export function isBatchablePath(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  let normalised: string;
  try {
    normalised = decodeURI(pathAndQuery(path, 'http://lote.invalid').pathname);
  } catch {
    return false;
  }
  return normalised.startsWith('/api/') && !normalised.startsWith('/api/auth/') && !normalised.startsWith(SYNC_PATHS.batch);
}

const MISSING_ENTRY_FIELD: Record<string, string> = {
  key: SYNC_MESSAGES.keyRequired,
  method: SYNC_MESSAGES.methodInvalid,
  path: SYNC_MESSAGES.pathRequired,
};

/** RP5: one write of a batch, as its single REST call would carry it. */
export const BatchEntrySchema = v.object(
  {
    key: v.pipe(v.string(SYNC_MESSAGES.keyRequired), v.regex(/^[\x21-\x7e]{1,200}$/, SYNC_MESSAGES.keyFormat)),
    method: v.picklist(WRITE_METHODS, SYNC_MESSAGES.methodInvalid),
    path: v.pipe(v.string(SYNC_MESSAGES.pathRequired), v.check(isBatchablePath, SYNC_MESSAGES.pathInvalid)),
    body: v.optional(v.unknown()),
  },
  (issue) => {
    const missing = issue.path?.at(-1)?.key;
    return (typeof missing === 'string' ? MISSING_ENTRY_FIELD[missing] : undefined) ?? SYNC_MESSAGES.entryInvalid;
  },
);
export type BatchEntry = v.InferOutput<typeof BatchEntrySchema>;

export const BatchRequestSchema = v.object(
  {
    entries: v.pipe(
      v.array(BatchEntrySchema, SYNC_MESSAGES.entriesRequired),
      v.minLength(1, SYNC_MESSAGES.entriesRequired),
      v.maxLength(SYNC_LIMITS.batchEntries, SYNC_MESSAGES.entriesMax),
    ),
  },
  SYNC_MESSAGES.entriesRequired,
);

export const BatchResultSchema = v.object({
  key: v.string(),
  status: v.pipe(v.number(), v.integer()),
  body: v.optional(v.unknown()),
});
export type BatchResult = v.InferOutput<typeof BatchResultSchema>;

/** Results in request order, stopping after the first non-2xx (RP5). */
export const BatchResponseSchema = v.object({ results: v.array(BatchResultSchema) });

/** PL2: `?since=<cursor>&limit=<n>`. */
export const ChangesQuerySchema = v.object({
  since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, SYNC_MESSAGES.cursorInvalid), v.transform(Number)), '0'),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, SYNC_MESSAGES.limitInvalid),
      v.transform(Number),
      v.minValue(1, SYNC_MESSAGES.limitInvalid),
      v.maxValue(SYNC_LIMITS.changesPage, SYNC_MESSAGES.limitInvalid),
    ),
    String(SYNC_LIMITS.changesPageDefault),
  ),
});

export const ChangeSchema = v.variant('op', [
  v.object({
    seq: v.number(),
    table: v.string(),
    id: v.string(),
    op: v.literal('upsert'),
    row: v.record(v.string(), v.unknown()),
  }),
  v.object({
    seq: v.number(),
    table: v.string(),
    id: v.string(),
    op: v.literal('delete'),
    row: v.optional(v.unknown()),
  }),
]);
export type Change = v.InferOutput<typeof ChangeSchema>;

/**
 * PL2, PL5: a page of changes; `reset` asks the device to download its tables again (the cursor is too old). With
 * `antes` (PL15) only the rows of its user's widened worksites: those outside the worksites it already holds.
 */
export const ChangesResponseSchema = v.object({
  changes: v.array(ChangeSchema),
  cursor: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  reset: v.optional(v.boolean()),
  antes: v.optional(v.array(v.string())),
  more: v.optional(v.boolean()),
});
export type ChangesPage = v.InferOutput<typeof ChangesResponseSchema>;
/** A page as the server writes it (its cursor a number). */
export type ChangesAnswer = v.InferInput<typeof ChangesResponseSchema>;

/** One file's answer in `POST /api/files/lote` (FL7): what its own `PUT /api/files/{sha256}` would have answered. */
export const FileBatchResultSchema = v.object({
  Sha256: v.string(),
  status: v.pipe(v.number(), v.integer()),
  Tipo: v.optional(v.string()),
  Tamano: v.optional(v.number()),
  message: v.optional(v.string()),
  code: v.optional(v.string()),
});
export type FileBatchResult = v.InferOutput<typeof FileBatchResultSchema>;

/** Results in the order of the request's parts, one per part (FL7). */
export const FileBatchResponseSchema = v.object({ results: v.array(FileBatchResultSchema) });
