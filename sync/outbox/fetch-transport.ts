import * as v from 'valibot';
import type { EntryError } from './outbox-entry.ts';
import {
  BatchResponseSchema,
  ChangesResponseSchema,
  FileBatchResponseSchema,
  IDEMPOTENCY_HEADER,
  protocolHeaders,
  SYNC_ERRORS,
  SYNC_PATHS,
} from './sync-protocol.ts';
import { measurePull, PULL_PHASES, pullClock } from './pull-timing.ts';
import type { BatchOutcome, FileBatchOutcome, Outcome, PullOutcome, SendableEntry, Transport, UploadableFile } from './transport.ts';

export const TRANSPORT_MESSAGES = {
  offline: 'Sin conexión con el servidor. Se reintentará automáticamente.',
  unavailable: 'El servidor no está disponible. Se reintentará automáticamente.',
  tooManyRequests: 'El servidor está ocupado. Se reintentará automáticamente.',
  unexpectedAnswer: 'El servidor respondió de forma inesperada. Se reintentará automáticamente.',
  sessionExpired: 'Tu sesión expiró. Inicia sesión para seguir sincronizando.',
  refused: 'El servidor rechazó la operación.',
} as const;

export interface FetchTransportOptions {
  /** Origin of the API, '' for same-origin. Entry paths already start with `/api/`. */
  baseUrl?: string;
  getToken: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  uploadTimeoutMs?: number;
  now?: () => number;
  /** Changes per pull page (`limit`, PL2); unset leaves the server's default. */
  pullPageSize?: number;
}

interface RawAnswer {
  status: number;
  body: unknown;
  /** True when the body was present but not JSON. */
  notJson: boolean;
  redirected: boolean;
  retryAfter: string | null;
}

function envelopeError(status: number, body: unknown, fallback: string): EntryError {
  if (body && typeof body === 'object') {
    const { message, code } = body as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && message !== '') {
      return typeof code === 'string' ? { status, message, code } : { status, message };
    }
  }
  return { status, message: fallback };
}

/** Seconds or an HTTP date, as `Retry-After` allows. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** One place that decides what every answer means (SPEC RP3, RP7–RP10, FL4, PV3). */
export function classifyAnswer(status: number, body: unknown, retryAfterMs?: number): Outcome {
  const withRetry = (outcome: Outcome): Outcome => (retryAfterMs === undefined ? outcome : { ...outcome, retryAfterMs });
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  if (status === 0) return { kind: 'retry', status, body, error: { status, message: TRANSPORT_MESSAGES.offline } };
  if (status >= 200 && status < 300) return { kind: 'ok', status, body };
  if (status === 401) {
    return { kind: 'auth', status, body, error: envelopeError(status, body, TRANSPORT_MESSAGES.sessionExpired) };
  }
  if (code === SYNC_ERRORS.oldProtocol.code) {
    return { kind: 'update', status, body, error: envelopeError(status, body, SYNC_ERRORS.oldProtocol.message) };
  }
  if (code === SYNC_ERRORS.filePending.code && status >= 400 && status < 500) {
    return withRetry({ kind: 'file-pending', status, body, error: envelopeError(status, body, TRANSPORT_MESSAGES.unavailable) });
  }
  if (status === 408 || status === 429 || status >= 500 || (status === 409 && code === SYNC_ERRORS.inProgress.code)) {
    const fallback = status === 429 ? TRANSPORT_MESSAGES.tooManyRequests : TRANSPORT_MESSAGES.unavailable;
    return withRetry({ kind: 'retry', status, body, error: envelopeError(status, body, fallback) });
  }
  if (status >= 400) return { kind: 'permanent', status, body, error: envelopeError(status, body, TRANSPORT_MESSAGES.refused) };
  // 1xx/3xx reaching here are not an answer of the API.
  return unexpected(status, body);
}

const encoder = new TextEncoder();

/**
 * `multipart/form-data` with one part per file, named (and file-named) by its sha256 and typed with its MIME type
 * (FL7). Built by hand from the stored ArrayBuffers: no Blob (FL1) and no base64; the overhead is under 300 bytes a file.
 */
export function encodeFileBatch(files: readonly UploadableFile[], boundary: string): Uint8Array<ArrayBuffer> {
  const pieces: Uint8Array[] = [];
  for (const file of files) {
    const type = file.type.replace(/[\r\n"]/g, '');
    pieces.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.sha256}"; filename="${file.sha256}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      new Uint8Array(file.bytes),
      encoder.encode('\r\n'),
    );
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    body.set(piece, offset);
    offset += piece.length;
  }
  return body;
}

function newBoundary(): string {
  const random = crypto.getRandomValues(new Uint8Array(16));
  return `andes-lote-${Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function unexpected(status: number, body: unknown): Outcome {
  return { kind: 'retry', status, body, error: { status, message: TRANSPORT_MESSAGES.unexpectedAnswer } };
}

/** The transport over `fetch`, usable in the browser, in a service worker and in Node. */
export class FetchTransport implements Transport {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;
  private readonly uploadTimeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: FetchTransportOptions) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.uploadTimeoutMs = options.uploadTimeoutMs ?? 120_000;
    this.now = options.now ?? Date.now;
  }

  async sendOne(entry: SendableEntry): Promise<Outcome> {
    const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: entry.key };
    const init: RequestInit = { method: entry.method, headers };
    if (entry.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(entry.body);
    }
    const answer = await this.request(entry.path, init, this.timeoutMs);
    return this.classify(answer);
  }

  async sendBatch(entries: SendableEntry[]): Promise<BatchOutcome> {
    const payload = { entries: entries.map(({ key, method, path, body }) => ({ key, method, path, body })) };
    const answer = await this.request(
      SYNC_PATHS.batch,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) },
      this.timeoutMs,
    );
    const outcome = this.classify(answer);
    if (outcome.kind !== 'ok') return { kind: 'failed', outcome, fallback: outcome.kind === 'permanent' };
    const parsed = v.safeParse(BatchResponseSchema, answer.body);
    if (!parsed.success) return { kind: 'failed', outcome: unexpected(answer.status, answer.body), fallback: false };
    const sent = new Set(entries.map((entry) => entry.key));
    const results = new Map<string, Outcome>();
    for (const result of parsed.output.results) {
      if (sent.has(result.key)) results.set(result.key, classifyAnswer(result.status, result.body));
    }
    return { kind: 'ok', results };
  }

  async uploadFile(sha256: string, type: string, bytes: ArrayBuffer): Promise<Outcome> {
    const answer = await this.request(
      SYNC_PATHS.file(sha256),
      { method: 'PUT', headers: { 'Content-Type': type }, body: bytes },
      this.uploadTimeoutMs,
    );
    return this.classify(answer);
  }

  async uploadFiles(files: UploadableFile[]): Promise<FileBatchOutcome> {
    const boundary = newBoundary();
    const answer = await this.request(
      SYNC_PATHS.fileBatch,
      { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body: encodeFileBatch(files, boundary) },
      this.uploadTimeoutMs,
    );
    const outcome = this.classify(answer);
    // FL10: a server without the route (404/405) or refusing the request as a whole gets one PUT per file.
    if (outcome.kind !== 'ok') return { kind: 'failed', outcome, fallback: outcome.kind === 'permanent' };
    const parsed = v.safeParse(FileBatchResponseSchema, answer.body);
    if (!parsed.success) return { kind: 'failed', outcome: unexpected(answer.status, answer.body), fallback: false };
    const sent = new Set(files.map((file) => file.sha256));
    const results = new Map<string, Outcome>();
    for (const result of parsed.output.results) {
      if (!sent.has(result.Sha256) || results.get(result.Sha256)?.kind === 'ok') continue;
      const { status, ...body } = result;
      results.set(result.Sha256, classifyAnswer(status, status >= 200 && status < 300 ? body : { statusCode: status, ...body }));
    }
    return { kind: 'ok', results };
  }

  async fileExists(sha256: string): Promise<boolean> {
    const answer = await this.request(SYNC_PATHS.file(sha256), { method: 'HEAD' }, this.timeoutMs);
    return answer.status === 200 && !answer.redirected;
  }

  async pullChanges(cursor: string | null): Promise<PullOutcome> {
    const params = [...(cursor === null ? [] : [`since=${encodeURIComponent(cursor)}`]), ...(this.options.pullPageSize ? [`limit=${this.options.pullPageSize}`] : [])];
    const query = params.length ? `?${params.join('&')}` : '';
    const answer = await this.request(`${SYNC_PATHS.changes}${query}`, { method: 'GET' }, this.timeoutMs, true);
    const outcome = this.classify(answer);
    if (outcome.kind !== 'ok') return { kind: 'failed', outcome };
    const checkStarted = pullClock();
    const parsed = v.safeParse(ChangesResponseSchema, answer.body);
    measurePull(PULL_PHASES.parse, checkStarted);
    if (!parsed.success) return { kind: 'failed', outcome: unexpected(answer.status, answer.body) };
    return { kind: 'ok', page: parsed.output };
  }

  private classify(answer: RawAnswer): Outcome {
    // A captive portal answers 200 with its own page: never take that as the server's word (RP7).
    if (answer.status >= 200 && answer.status < 300 && (answer.redirected || answer.notJson)) {
      return unexpected(answer.status, answer.body);
    }
    return classifyAnswer(answer.status, answer.body, parseRetryAfter(answer.retryAfter, this.now()));
  }

  /** `timed`: the download and the parse go into the pull's User Timing (pull-timing.ts). */
  private async request(path: string, init: RequestInit, timeoutMs: number, timed = false): Promise<RawAnswer> {
    const started = timed ? pullClock() : 0;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const headers = new Headers(init.headers);
      headers.set('Accept', 'application/json');
      // PV1, RT3: every request says which protocol it speaks and when the device sent it.
      for (const [name, value] of Object.entries(protocolHeaders(this.now()))) headers.set(name, value);
      const token = await this.options.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const response = await this.fetchFn(`${this.baseUrl}${path}`, { ...init, headers, signal: controller.signal });
      const text = await response.text();
      const parseStarted = timed ? pullClock() : 0;
      if (timed) measurePull(PULL_PHASES.download, started);
      let body: unknown = null;
      let notJson = false;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
          notJson = true;
        }
      }
      if (timed) measurePull(PULL_PHASES.parse, parseStarted);
      return { status: response.status, body, notJson, redirected: response.redirected, retryAfter: response.headers.get('Retry-After') };
    } catch {
      // Network failure, timeout or a body cut off mid-way: the request may or may not have been applied; the
      // idempotency key makes the retry safe either way (RP17).
      return { status: 0, body: null, notJson: false, redirected: false, retryAfter: null };
    } finally {
      clearTimeout(timer);
    }
  }
}
