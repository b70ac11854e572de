import * as v from 'valibot';
import { WRITE_METHODS } from './outbox-entry.ts';

export const SYNC_PATHS = {
  batch: '/api/sync/batch',
  changes: '/api/sync/changes',
  file: (sha256: string) => `/api/files/${sha256}`,
  fileBatch: '/api/files/lote',
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const MAX_BATCH_ENTRIES = 100;

/** FL7: at most this many files and bytes (the whole request body) in one `POST /api/files/lote`. */
export const MAX_FILE_BATCH_FILES = 100;
export const MAX_FILE_BATCH_BYTES = 8 * 1024 * 1024;
/** FL8: files above this size go by their own `PUT`, asked about with `HEAD` first (FL6); smaller ones in bulk. */
export const FILE_HEAD_ABOVE_BYTES = 1024 * 1024;

/** Codes of the error envelope that the replayer treats specially (SPEC RP10, RP17, CF4, FL4). */
export const SYNC_CODES = {
  inProgress: 'EN_CURSO',
  filePending: 'ARCHIVO_PENDIENTE',
  conflict: 'CONFLICTO',
  keyReused: 'IDEMPOTENCIA_DISTINTA',
} as const;

/** Spanish messages for the server to answer with these codes. */
export const SYNC_MESSAGES = {
  inProgress: 'La operación aún se está procesando. Se reintentará en unos momentos.',
  filePending: 'Falta un archivo adjunto en el servidor. Se reintentará al subirlo.',
  conflict: 'Otra persona modificó este registro antes que tú. Revisa ambas versiones.',
  keyReused: 'La clave de la operación ya se usó con otro contenido.',
  fileHashMismatch: 'El archivo llegó incompleto o dañado.',
} as const;

export const BatchEntrySchema = v.object({
  key: v.pipe(v.string(), v.uuid()),
  method: v.picklist(WRITE_METHODS),
  path: v.pipe(v.string(), v.startsWith('/api/')),
  body: v.optional(v.unknown()),
});
export type BatchEntry = v.InferOutput<typeof BatchEntrySchema>;

export const BatchResultSchema = v.object({
  key: v.string(),
  status: v.pipe(v.number(), v.integer()),
  body: v.optional(v.unknown()),
});
export type BatchResult = v.InferOutput<typeof BatchResultSchema>;

/** Results in request order, stopping after the first non-2xx (RP5). */
export const BatchResponseSchema = v.object({ results: v.array(BatchResultSchema) });

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

export const ChangesResponseSchema = v.object({
  changes: v.array(ChangeSchema),
  cursor: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  reset: v.optional(v.boolean()),
  more: v.optional(v.boolean()),
});
export type ChangesPage = v.InferOutput<typeof ChangesResponseSchema>;
