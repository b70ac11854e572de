import * as v from 'valibot';

// Wire schemas of the sync transport. They belong beside the outbox in sync/schemas/ once the client imports
// them; until then the server is their only user and keeps them here.

export const MAX_BATCH_ENTRIES = 500;
export const MAX_CHANGES_PAGE = 1000;
export const DEFAULT_CHANGES_PAGE = 500;

export const SYNC_MESSAGES = {
  entriesRequired: 'El lote debe traer una lista de escrituras (entries)',
  entriesMax: `El lote no puede tener más de ${MAX_BATCH_ENTRIES} escrituras`,
  keyRequired: 'Cada escritura del lote necesita su clave (key)',
  keyFormat: 'La clave de la escritura no es válida',
  methodInvalid: 'El método de la escritura debe ser POST, PUT, PATCH o DELETE',
  pathRequired: 'Cada escritura del lote necesita su ruta (path)',
  entryInvalid: 'Cada escritura del lote debe ser un objeto { key, method, path, body }',
  pathInvalid: 'La ruta de la escritura debe comenzar con /api/ y no puede ser de sesión ni otro lote',
  batchTooLarge: 'El lote supera el máximo de 25 MB; envíalo en partes',
  cursorInvalid: 'El cursor (since) debe ser un número entero',
  limitInvalid: `El límite debe ser un número entre 1 y ${MAX_CHANGES_PAGE}`,
} as const;

/** Paths a batch may carry: API writes, never sign-in, never another batch (checked after URL normalisation). */
export function isBatchablePath(path: string): boolean {
  if (!path.startsWith('/api/')) return false;
  let normalised: string;
  try {
    normalised = decodeURI(new URL(path, 'http://lote.invalid').pathname);
  } catch {
    return false;
  }
  return normalised.startsWith('/api/') && !normalised.startsWith('/api/auth/') && !normalised.startsWith('/api/sync/batch');
}

const MISSING_ENTRY_FIELD: Record<string, string> = {
  key: SYNC_MESSAGES.keyRequired,
  method: SYNC_MESSAGES.methodInvalid,
  path: SYNC_MESSAGES.pathRequired,
};

export const BatchEntrySchema = v.object(
  {
    key: v.pipe(v.string(SYNC_MESSAGES.keyRequired), v.regex(/^[\x21-\x7e]{1,200}$/, SYNC_MESSAGES.keyFormat)),
    method: v.picklist(['POST', 'PUT', 'PATCH', 'DELETE'], SYNC_MESSAGES.methodInvalid),
    path: v.pipe(v.string(SYNC_MESSAGES.pathRequired), v.check(isBatchablePath, SYNC_MESSAGES.pathInvalid)),
    body: v.optional(v.unknown()),
  },
  (issue) => {
    const missing = issue.path?.at(-1)?.key;
    return (typeof missing === 'string' ? MISSING_ENTRY_FIELD[missing] : undefined) ?? SYNC_MESSAGES.entryInvalid;
  },
);
export type BatchEntry = v.InferOutput<typeof BatchEntrySchema>;

export const BatchBodySchema = v.object(
  {
    entries: v.pipe(
      v.array(BatchEntrySchema, SYNC_MESSAGES.entriesRequired),
      v.minLength(1, SYNC_MESSAGES.entriesRequired),
      v.maxLength(MAX_BATCH_ENTRIES, SYNC_MESSAGES.entriesMax),
    ),
  },
  SYNC_MESSAGES.entriesRequired,
);

export interface BatchResult {
  key: string;
  status: number;
  body: unknown;
}

export const ChangesQuerySchema = v.object({
  since: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, SYNC_MESSAGES.cursorInvalid), v.transform(Number)), '0'),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, SYNC_MESSAGES.limitInvalid),
      v.transform(Number),
      v.minValue(1, SYNC_MESSAGES.limitInvalid),
      v.maxValue(MAX_CHANGES_PAGE, SYNC_MESSAGES.limitInvalid),
    ),
    String(DEFAULT_CHANGES_PAGE),
  ),
});
