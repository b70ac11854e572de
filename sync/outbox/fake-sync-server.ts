import { classifyAnswer } from './fetch-transport.ts';
import { SYNC_ERRORS, syncErrorBody, type Change } from './sync-protocol.ts';
import type { BatchOutcome, FileBatchOutcome, Outcome, PullOutcome, SendableEntry, Transport, UploadableFile } from './transport.ts';

/**
 * Test support only: an in-memory server behind the Transport boundary that keeps the SPEC's server promises
 * (RP5, RP17, FL2, FL4, FL7, FL10) and lets a test inject failures request by request.
 */
export type Fault =
  /** No failure for this request. */
  | 'none'
  /** The request never reaches the server. */
  | 'drop-before'
  /** The server commits, then the answer is lost. */
  | 'drop-after'
  | 'server-error'
  | 'unauthorized'
  | 'too-many'
  /** The server dies mid-batch (of entries or of files) after committing only the first one; no answer. */
  | 'partial-then-drop'
  /** The tab dies while waiting for the answer: the server commits, the transport call throws. */
  | 'crash-after';

export class TabCrash extends Error {}

export interface AppliedWrite {
  key: string;
  method: string;
  path: string;
  body: unknown;
}

interface LedgerRow {
  fingerprint: string;
  status: number;
  body: unknown;
}

interface Answer {
  status: number;
  body: unknown;
}

export interface FakeSyncServerOptions {
  /** A permanent refusal for a write, or undefined to accept it. */
  refuse?: (entry: SendableEntry) => Answer | undefined;
  /** Files a record needs, read from its body; default `body.Archivos`. */
  filesOf?: (entry: SendableEntry) => string[];
  /** A refusal of one uploaded file (as its PUT would answer, e.g. 415 TIPO_ARCHIVO), or undefined to store it. */
  refuseFile?: (file: UploadableFile) => Answer | undefined;
  /** 'not-found': an old server without `POST /api/files/lote` (answers 404, FL10). Default: it has the route. */
  fileBatch?: 'yes' | 'not-found';
}

export class FakeSyncServer {
  readonly applied: AppliedWrite[] = [];
  readonly files = new Map<string, { type: string; bytes: ArrayBuffer }>();
  readonly requests: string[] = [];
  readonly changes: Change[] = [];
  private readonly ledger = new Map<string, LedgerRow>();
  private faults: Fault[] = [];
  private nextSeq = 1;

  constructor(private readonly options: FakeSyncServerOptions = {}) {}

  /** Failures for the next requests, one per request, in order. */
  failNext(...faults: Fault[]): void {
    this.faults.push(...faults);
  }

  pendingFaults(): number {
    return this.faults.length;
  }

  clearFaults(): void {
    this.faults = [];
  }

  readonly transport: Transport = {
    sendOne: async (entry) => {
      this.requests.push(`${entry.method} ${entry.path}`);
      const fault = this.faults.shift();
      const answer = await this.withFault(fault, () => this.handle(entry));
      return answer ? classifyAnswer(answer.status, answer.body) : this.noAnswer();
    },
    sendBatch: async (entries): Promise<BatchOutcome> => {
      this.requests.push(`POST /api/sync/batch (${entries.length})`);
      const fault = this.faults.shift();
      if (fault === 'partial-then-drop') {
        const first = entries[0];
        if (first) this.handle(first);
        return { kind: 'failed', outcome: this.noAnswer(), fallback: false };
      }
      const answer = await this.withFault(fault, () => ({ status: 200, body: this.handleBatch(entries) }));
      if (!answer) return { kind: 'failed', outcome: this.noAnswer(), fallback: false };
      if (answer.status !== 200) return { kind: 'failed', outcome: classifyAnswer(answer.status, answer.body), fallback: false };
      const { results } = answer.body as { results: { key: string; status: number; body: unknown }[] };
      return { kind: 'ok', results: new Map(results.map((result) => [result.key, classifyAnswer(result.status, result.body)])) };
    },
    uploadFile: async (sha256, type, bytes) => {
      this.requests.push(`PUT /api/files/${sha256}`);
      const fault = this.faults.shift();
      const answer = await this.withFault(fault, () => this.storeFile({ sha256, type, bytes }));
      return answer ? classifyAnswer(answer.status, answer.body) : this.noAnswer();
    },
    uploadFiles: async (files): Promise<FileBatchOutcome> => {
      this.requests.push(`POST /api/files/lote (${files.length})`);
      if (this.options.fileBatch === 'not-found') {
        return { kind: 'failed', outcome: classifyAnswer(404, { statusCode: 404, message: 'Ruta no encontrada' }), fallback: true };
      }
      const fault = this.faults.shift();
      if (fault === 'partial-then-drop') {
        const first = files[0];
        if (first) this.storeFile(first);
        return { kind: 'failed', outcome: this.noAnswer(), fallback: false };
      }
      // FL7: each file exactly as its PUT, all of them whatever one answers.
      const answer = await this.withFault(fault, () => ({
        status: 200,
        body: files.map((file) => ({ sha256: file.sha256, ...this.storeFile(file) })),
      }));
      if (!answer) return { kind: 'failed', outcome: this.noAnswer(), fallback: false };
      if (answer.status !== 200) return { kind: 'failed', outcome: classifyAnswer(answer.status, answer.body), fallback: false };
      const results = answer.body as (Answer & { sha256: string })[];
      return { kind: 'ok', results: new Map(results.map((result) => [result.sha256, classifyAnswer(result.status, result.body)])) };
    },
    pullChanges: async (cursor): Promise<PullOutcome> => {
      const since = cursor === null ? 0 : Number(cursor);
      const changes = this.changes.filter((change) => change.seq > since);
      const last = changes.at(-1)?.seq ?? since;
      return { kind: 'ok', page: { changes, cursor: String(last) } };
    },
  };

  /** Applied keys that appear more than once: must always be empty. */
  duplicateKeys(): string[] {
    const seen = new Set<string>();
    const duplicates: string[] = [];
    for (const write of this.applied) {
      if (seen.has(write.key)) duplicates.push(write.key);
      seen.add(write.key);
    }
    return duplicates;
  }

  private noAnswer(): Outcome {
    return classifyAnswer(0, null);
  }

  private async withFault(fault: Fault | undefined, run: () => Answer): Promise<Answer | null> {
    switch (fault) {
      case 'drop-before':
        return null;
      case 'drop-after':
        run();
        return null;
      case 'crash-after':
        run();
        throw new TabCrash('the tab was closed');
      case 'server-error':
        return { status: 503, body: { statusCode: 503, message: 'Servicio no disponible' } };
      case 'unauthorized':
        return { status: 401, body: { statusCode: 401, message: 'Sesión expirada' } };
      case 'too-many':
        return { status: 429, body: { statusCode: 429, message: 'Demasiadas solicitudes' } };
      default:
        return run();
    }
  }

  /** FL2: content-addressed and idempotent; a refusal stores nothing. */
  private storeFile(file: UploadableFile): Answer {
    const refusal = this.options.refuseFile?.(file);
    if (refusal) return refusal;
    const known = this.files.has(file.sha256);
    this.files.set(file.sha256, { type: file.type, bytes: file.bytes.slice(0) });
    return { status: known ? 200 : 201, body: { Sha256: file.sha256, Tipo: file.type, Tamano: file.bytes.byteLength } };
  }

  /** RP5: in order, each as its single call, stopping after the first non-2xx. */
  private handleBatch(entries: SendableEntry[]): { results: { key: string; status: number; body: unknown }[] } {
    const results: { key: string; status: number; body: unknown }[] = [];
    for (const entry of entries) {
      const answer = this.handle(entry);
      results.push({ key: entry.key, ...answer });
      if (answer.status < 200 || answer.status >= 300) break;
    }
    return { results };
  }

  /** RP17: the ledger row and the write commit together; only answers that changed state are stored. */
  private handle(entry: SendableEntry): Answer {
    const fingerprint = JSON.stringify([entry.method, entry.path, entry.body ?? null]);
    const stored = this.ledger.get(entry.key);
    if (stored) {
      if (stored.fingerprint === fingerprint) return { status: stored.status, body: stored.body };
      return { status: SYNC_ERRORS.keyReused.status, body: syncErrorBody(SYNC_ERRORS.keyReused) };
    }
    const missing = (this.options.filesOf?.(entry) ?? defaultFilesOf(entry)).filter((sha256) => !this.files.has(sha256));
    if (missing.length > 0) {
      return { status: SYNC_ERRORS.filePending.status, body: syncErrorBody(SYNC_ERRORS.filePending) };
    }
    const refusal = this.options.refuse?.(entry);
    if (refusal) return refusal;
    this.applied.push({ key: entry.key, method: entry.method, path: entry.path, body: structuredClone(entry.body) });
    const answer = { status: 201, body: { ok: true, key: entry.key } };
    this.ledger.set(entry.key, { fingerprint, ...answer });
    const [table, id] = entry.path.replace(/^\/api\//, '').split('/');
    if (table && id) {
      this.changes.push({ seq: this.nextSeq++, table, id, op: 'upsert', row: { ...(entry.body as Record<string, unknown>) } });
    }
    return answer;
  }
}

function defaultFilesOf(entry: SendableEntry): string[] {
  const files = (entry.body as { Archivos?: unknown } | null | undefined)?.Archivos;
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
}
