import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps, AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { CONFLICT } from './conflicts.repo.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotency-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  otherBody: { message: 'La clave de idempotencia ya se usó con otro contenido', code: 'IDEMPOTENCIA_DISTINTA' },
  inProgress: { message: 'Esta escritura aún se está procesando; reintenta en unos segundos', code: 'EN_CURSO' },
  badKey: { message: 'La clave de idempotencia no es válida', code: 'IDEMPOTENCIA_CLAVE' },
  tooLarge: { message: 'La solicitud es demasiado grande', code: 'SOLICITUD_GRANDE' },
} as const;

/** UUIDs in practice; any short printable token is accepted. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_LEDGERED_BODY_BYTES = 32 * 1024 * 1024;

/** Writes under /api that a key makes idempotent: not sign-in (not replayable work) and not the batch itself. */
export function isLedgeredWrite(method: string, path: string): boolean {
  return WRITE_METHODS.has(method) && path.startsWith('/api/') && !path.startsWith('/api/auth/') && path !== '/api/sync/batch';
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface FingerprintedRequest {
  user: number;
  method: string;
  pathWithQuery: string;
  contentType: string;
  body: Uint8Array;
}

/**
 * sha256 of user, method, path (with query) and body. A JSON body is canonical (keys sorted, no spacing), so the
 * same write fingerprints the same whether it came alone or inside a batch; other bodies are hashed as bytes.
 * The user is included so a stored answer is only ever replayed to the person it was given to.
 */
export function requestFingerprint({ user, method, pathWithQuery, contentType, body }: FingerprintedRequest): string {
  let canonical: string;
  if (/json/i.test(contentType) && body.length > 0) {
    const text = new TextDecoder().decode(body);
    try {
      canonical = `json:${canonicalJson(JSON.parse(text))}`;
    } catch {
      canonical = `text:${text}`;
    }
  } else {
    canonical = `bytes:${createHash('sha256').update(body).digest('hex')}`;
  }
  return createHash('sha256').update(`${user}\n${method}\n${pathWithQuery}\n${canonical}`).digest('hex');
}

interface LedgerEntry {
  fingerprint: string;
  status: number;
  body: string;
}

async function findEntry(db: Db, company: string, key: string): Promise<LedgerEntry | undefined> {
  const row = await db
    .selectFrom('idempotencia')
    .select(['Huella', 'Estado', 'Respuesta'])
    .where('IdEmpresa', '=', company)
    .where('Clave', '=', key)
    .executeTakeFirst();
  return row && { fingerprint: row.Huella, status: row.Estado, body: row.Respuesta };
}

async function insertEntry(db: Db, company: string, key: string, entry: LedgerEntry, now: Date): Promise<void> {
  await db
    .insertInto('idempotencia')
    .values({ IdEmpresa: company, Clave: key, Huella: entry.fingerprint, Estado: entry.status, Respuesta: entry.body, CreadoEn: now.toISOString() })
    .execute();
}

/** Forgets keys older than `before`; keep them longer than any device may stay offline. */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('idempotencia').where('CreadoEn', '<', before.toISOString()).execute();
}

/**
 * Only answers that changed state are stored (SPEC RP17): a success, and a 409 CONFLICTO (the losing write was
 * kept). A refusal changed nothing and is judged again when retried: a 401 must not outlive the next sign-in,
 * ARCHIVO_PENDIENTE and EN_CURSO must run once the file or the first request is in, and a stored 400 would turn
 * an upgraded body's retry into IDEMPOTENCIA_DISTINTA, which the outbox reads as "already applied" (OB8).
 * The invariant: a ledger row exists exactly when the request's writes committed.
 */
function changedState(status: number, answer: string): boolean {
  if (status >= 200 && status < 300) return true;
  if (status !== 409) return false;
  try {
    return (JSON.parse(answer) as { code?: unknown }).code === CONFLICT.code;
  } catch {
    return false;
  }
}

function replay(c: Context<AppEnv>, entry: LedgerEntry): Response {
  return c.body(entry.body, entry.status as ContentfulStatusCode, {
    'Content-Type': 'application/json',
    [REPLAYED_HEADER]: 'true',
  });
}

/** Rolls a transaction back while keeping the handler's answer as the response. */
class RollBack extends Error {}

async function sessionClaims(c: Context<AppEnv>, deps: AppDeps) {
  const header = c.req.header('Authorization') ?? '';
  if (!header.startsWith('Bearer ')) return null;
  return deps.tokens.read(header.slice(7));
}

/**
 * The idempotency ledger (SPEC RP17): a write carrying `Idempotency-Key` runs in one SQLite transaction with its
 * ledger row (and the change-log rows the module records), so a replay after a crash or a lost answer gets the
 * stored answer and changes nothing. Handlers stay unchanged: they receive request-scoped deps whose `db` and
 * `files` are the transaction (using the root `db` inside would wait on itself).
 *
 * Any answer other than a success or a CONFLICTO rolls the transaction back and is not stored, whether the
 * handler threw or returned it. Concurrent requests with the same key in this process are refused with 409
 * EN_CURSO; across processes the ledger's primary key makes the second commit fail (500), and its client
 * retries into the stored answer.
 */
export function idempotencyLedger() {
  const executing = new Set<string>();

  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !isLedgeredWrite(c.req.method, c.req.path)) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.badKey.message, IDEMPOTENCY_MESSAGES.badKey.code);
    const deps = c.get('deps');
    const claims = await sessionClaims(c, deps);
    // Without a valid session the route itself answers 401; nothing is stored, the write is retried after sign-in.
    if (!claims) return next();
    const company = claims.emp;
    if (Number(c.req.header('Content-Length') ?? 0) > MAX_LEDGERED_BODY_BYTES) {
      throw new HttpError(413, IDEMPOTENCY_MESSAGES.tooLarge.message, IDEMPOTENCY_MESSAGES.tooLarge.code);
    }
    // Read through c.req so the body stays cached for the validators downstream.
    const body = new Uint8Array(await c.req.arrayBuffer());
    const url = new URL(c.req.url);
    const fingerprint = requestFingerprint({
      user: claims.sub,
      method: c.req.method,
      pathWithQuery: url.pathname + url.search,
      contentType: c.req.header('Content-Type') ?? '',
      body,
    });

    // Checked and claimed with no await in between: a second request with this key either sees it executing
    // here or, once it is released, finds the committed ledger row.
    const slot = `${company}\u0000${key}`;
    if (executing.has(slot)) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress.message, IDEMPOTENCY_MESSAGES.inProgress.code);
    executing.add(slot);
    try {
      const stored = await findEntry(deps.db, company, key);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          throw new HttpError(422, IDEMPOTENCY_MESSAGES.otherBody.message, IDEMPOTENCY_MESSAGES.otherBody.code);
        }
        return replay(c, stored);
      }
      try {
        await deps.db.transaction().execute(async (trx) => {
          c.set('deps', { ...deps, db: trx, files: deps.files.withDb(trx) });
          await next();
          const status = c.res.status;
          const answer = (status >= 200 && status < 300) || status === 409 ? await c.res.clone().text() : '';
          if (!changedState(status, answer)) throw new RollBack();
          await insertEntry(trx, company, key, { fingerprint, status, body: answer }, deps.now());
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      } finally {
        c.set('deps', deps);
      }
    } finally {
      executing.delete(slot);
    }
  });
}
