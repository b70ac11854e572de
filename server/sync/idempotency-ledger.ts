import { hash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER, SENT_AT_HEADER, SYNC_ERRORS } from '#sync/outbox/sync-protocol.ts';
import type { AppDeps, AppEnv } from '../app-env.ts';
import { refusal } from '../http/http-error.ts';
import { deferredResponse, parsedEntryBody } from './batch-http.ts';
import { canonicalJson } from './canonical-json.ts';
import type { Ledger } from './ledger-core.ts';
import { rendersADocument } from '../http/document-render.ts';

export const REPLAYED_HEADER = 'Idempotency-Replayed';

/** UUIDs in practice; any short printable token is accepted. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_LEDGERED_BODY_BYTES = 32 * 1024 * 1024;

/** Writes under /api that a key makes idempotent: not sign-in (not replayable work) and not the batch itself. */
export function isLedgeredWrite(method: string, path: string): boolean {
  return WRITE_METHODS.has(method) && path.startsWith('/api/') && !path.startsWith('/api/auth/') && path !== '/api/sync/batch';
}

export interface FingerprintedRequest {
  user: number;
  method: string;
  pathWithQuery: string;
  contentType: string;
  /** The body as bytes, or already decoded as UTF-8 text (what `c.req.text()` gives). */
  body: Uint8Array | string;
  /** A JSON body already parsed (a batch entry's), the same value as parsing `body`. */
  parsed?: unknown;
}

const utf8 = new TextDecoder();

/**
 * sha256 of user, method, path (with query) and body. A JSON body is canonical (keys sorted, no spacing), so the
 * same write fingerprints the same whether it came alone or inside a batch; other bodies are hashed as bytes.
 * The user is included so a stored answer is only ever replayed to the person it was given to.
 */
export function requestFingerprint({ user, method, pathWithQuery, contentType, body, parsed }: FingerprintedRequest): string {
  let canonical: string;
  if (isJson(contentType) && parsed !== undefined) {
    canonical = `json:${canonicalJson(parsed)}`;
  } else if (isJson(contentType) && body.length > 0) {
    const text = typeof body === 'string' ? body : utf8.decode(body);
    try {
      canonical = `json:${canonicalJson(JSON.parse(text))}`;
    } catch {
      canonical = `text:${text}`;
    }
  } else {
    canonical = `bytes:${hash('sha256', body)}`;
  }
  // The one-shot hash: a Hash object costs four times as much for a body this small, once per write of a batch.
  return hash('sha256', `${user}\n${method}\n${pathWithQuery}\n${canonical}`);
}

function isJson(contentType: string): boolean {
  return /json/i.test(contentType);
}

export interface AnswerText {
  text: string;
  /** The text is JSON.stringify's own output, so it is JSON as it stands (no need to parse it to check). */
  json: boolean;
}

/**
 * Answers whose text the ledger already holds (it built, read or stored them), so the batch does not read them
 * again: reading a Response's body goes through a stream and costs more than the entry's SQL.
 */
const answerTexts = new WeakMap<Response, AnswerText>();

/** The text of an answer: the one the ledger already holds, or read now. */
export async function answerText(response: Response): Promise<AnswerText> {
  return answerTexts.get(response) ?? { text: await response.text(), json: false };
}

function replay(c: Context<AppEnv>, status: number, text: string): Response {
  const response = c.body(text, status as ContentfulStatusCode, { 'Content-Type': 'application/json', [REPLAYED_HEADER]: 'true' });
  answerTexts.set(response, { text, json: false });
  return response;
}

/**
 * Makes this request's `c.json` remember the text of each answer it builds, so the ledger stores it (and the
 * batch reports it) without reading the Response's body back through its stream. It is Hono's own `c.json`
 * (the same text, status and headers, through `c.body`), plus the note; error answers (app.onError) use it too.
 */
function rememberJsonAnswers(c: Context<AppEnv>, inBatch: boolean): void {
  const body = c.body;
  c.json = ((object: unknown, arg?: ContentfulStatusCode | ResponseInit, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object) as string | undefined;
    const allHeaders = { 'Content-Type': 'application/json', ...headers };
    if (text === undefined) return body(null, arg as ContentfulStatusCode, allHeaders);
    // A batch entry's answer is read only as this text: its body stream is built only if something asks for it
    // (a status that may not have a body still goes to Hono, which refuses it as it would alone).
    const bodyless = inBatch ? body(null, arg as ContentfulStatusCode, allHeaders) : undefined;
    const response =
      bodyless && !NULL_BODY_STATUSES.has(bodyless.status)
        ? deferredResponse(bodyless, text)
        : body(text, arg as ContentfulStatusCode, allHeaders);
    answerTexts.set(response, { text, json: true });
    return response;
  }) as unknown as typeof c.json;
}

/**
 * The handler's answer as text: the one `c.json` noted, or else read once, putting an identical Response back in
 * its place (a clone would tee the body's stream, several times dearer).
 */
async function takeAnswer(c: Context<AppEnv>): Promise<string> {
  const known = answerTexts.get(c.res);
  if (known !== undefined) return known.text;
  const { status, headers } = c.res;
  const answer = await c.res.text();
  c.res = undefined;
  const response = new Response(NULL_BODY_STATUSES.has(status) ? null : answer, { status, headers });
  c.res = response;
  answerTexts.set(response, { text: answer, json: false });
  return answer;
}

/** Puts this answer in place of the handler's (RT3's verdicts). */
function answerWith(c: Context<AppEnv>, body: object, status: ContentfulStatusCode): void {
  c.res = undefined;
  c.res = c.json(body, status);
}

/** An answer the ledger may keep: JSON, or no body at all (a 204). */
function answersJson(response: Response): boolean {
  const type = response.headers.get('Content-Type');
  return type === null ? NULL_BODY_STATUSES.has(response.status) || response.body === null : isJson(type);
}

/** Statuses whose Response may not carry a body (Fetch standard). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

async function sessionClaims(c: Context<AppEnv>, deps: AppDeps) {
  const header = c.req.header('Authorization') ?? '';
  if (!header.startsWith('Bearer ')) return null;
  return deps.tokens.read(header.slice(7));
}

/**
 * The idempotency ledger (SPEC RP17) for single REST writes carrying `Idempotency-Key` (ledger-core.ts): the write
 * runs in one transaction with its ledger row (and the change-log rows the module records), so a replay after a
 * crash or a lost answer gets the stored answer and changes nothing. Handlers stay unchanged: they receive
 * request-scoped deps whose `db` and `files` are the transaction (using the root `db` inside would wait on itself).
 * The same key at two nodes (PostgreSQL): the second waits for the company's lock and answers what the first
 * stored (ledger-core.ts). A batch entry whose call is a command skips this middleware and reaches the same ledger
 * directly.
 */
export function idempotencyLedger(applyOnce: Ledger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    // A call that only renders a document is a read: no ledger, no write transaction (issue 27).
    if (key === undefined || !isLedgeredWrite(c.req.method, c.req.path) || rendersADocument(c)) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw refusal(SYNC_ERRORS.badKey);
    const deps = c.get('deps');
    const claims = await sessionClaims(c, deps);
    // Without a valid session the route itself answers 401; nothing is stored, the write is retried after sign-in.
    if (!claims) return next();
    if (Number(c.req.header('Content-Length') ?? 0) > MAX_LEDGERED_BODY_BYTES) {
      throw refusal(SYNC_ERRORS.requestTooLarge);
    }
    // Read through c.req so the body stays cached for the validators downstream: as text when it is JSON (what
    // the validators read; reading it as bytes would make them decode it again through a Response), else as bytes.
    const contentType = c.req.header('Content-Type') ?? '';
    const body = isJson(contentType) ? await c.req.text() : new Uint8Array(await c.req.arrayBuffer());
    const url = new URL(c.req.url);
    const fingerprint = requestFingerprint({
      user: claims.sub,
      method: c.req.method,
      pathWithQuery: url.pathname + url.search,
      contentType,
      body,
      parsed: parsedEntryBody(c.req.raw),
    });
    const write = { deps, company: claims.emp, key, fingerprint, sentAt: c.req.header(SENT_AT_HEADER), bodyText: () => (typeof body === 'string' ? body : '') };
    try {
      const outcome = await applyOnce(write, async (scoped) => {
        c.set('deps', scoped);
        rememberJsonAnswers(c, c.env?.batchDeps !== undefined);
        await next();
        return { status: c.res.status, ledgerable: answersJson(c.res), text: () => takeAnswer(c) };
      });
      if (outcome.kind === 'replayed') return replay(c, outcome.status, outcome.text);
      if (outcome.kind === 'verdict') answerWith(c, outcome.body, outcome.status as ContentfulStatusCode);
    } finally {
      c.set('deps', deps);
    }
  });
}
