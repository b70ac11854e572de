import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { validate } from '../http/validation.ts';
import { sessionOnly } from '../tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '../tenancy/require-session.ts';
import { readChanges } from './change-log.repo.ts';
import { viewerOf } from '../tenancy/viewer.ts';
import { listConflicts } from './conflicts.repo.ts';
import { entryRequest } from './batch-http.ts';
import { answerText, IDEMPOTENCY_HEADER } from './idempotency-ledger.ts';
import { inBatchTransaction } from './write-transaction.ts';
import { BatchBodySchema, ChangesQuerySchema, SYNC_MESSAGES, type BatchEntry } from './sync.schema.ts';

const tags = ['sincronización'];
const security = [{ bearerAuth: [] }];
const MAX_BATCH_BYTES = 25 * 1024 * 1024;

/** Hands a request to the whole app, exactly as if it had arrived on its own, but run with `deps` (the batch's). */
export type Dispatch = (request: Request, deps: AppDeps) => Promise<Response>;

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One entry's result with its body already as JSON text, spliced as is into the batch's answer. */
interface EntryResult {
  key: string;
  status: number;
  bodyJson: string;
}

async function runEntry(dispatch: Dispatch, deps: AppDeps, base: string, authorization: string, entry: BatchEntry): Promise<EntryResult> {
  const headers = new Headers({ Authorization: authorization, [IDEMPOTENCY_HEADER]: entry.key });
  const hasBody = entry.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  const url = new URL(entry.path, base).href;
  const response = await dispatch(entryRequest(entry.method, url, headers, hasBody ? JSON.stringify(entry.body) : null), deps);
  const answer = await answerText(response);
  // The body as the client gets it from the single call: JSON as it stands, other text as a JSON string, nothing
  // as null. An answer the app built with JSON.stringify is spliced without parsing and serializing it again.
  return { key: entry.key, status: response.status, bodyJson: answer.json ? answer.text : JSON.stringify(parseBody(answer.text)) };
}

/** `{ results: [{ key, status, body }] }` (BatchResult), with each body's JSON text spliced in. */
function batchAnswer(results: EntryResult[]): string {
  const items = results.map(({ key, status, bodyJson }) => `{"key":${JSON.stringify(key)},"status":${status},"body":${bodyJson}}`);
  return `{"results":[${items.join(',')}]}`;
}

/**
 * `dispatch` is the app itself: each batch entry goes through the same routing, session check, validation and
 * idempotency ledger as its single REST call with `Idempotency-Key`, so the two can never answer differently.
 */
export function createSyncRoutes(dispatch: Dispatch) {
  return new Hono<AppEnv>()
    .use(requireSession)
    .post(
      '/batch',
      describeRoute({
        tags,
        security,
        summary:
          'Aplica en orden un lote de escrituras de la cola ({ entries: [{ key, method, path, body }] }, máx. 500). Cada una responde { key, status, body } igual que su llamada REST con Idempotency-Key; se detiene después de la primera que no es 2xx (las siguientes no tienen resultado y no se ejecutaron)',
      }),
      // Each entry then passes its own call's permission, as its single REST call would.
      sessionOnly(),
      bodyLimit({
        maxSize: MAX_BATCH_BYTES,
        onError: () => {
          throw new HttpError(413, SYNC_MESSAGES.batchTooLarge, 'LOTE_GRANDE');
        },
      }),
      validate('json', BatchBodySchema),
      async (c) => {
        const authorization = c.req.header('Authorization') ?? '';
        const entries = c.req.valid('json').entries;
        const deps = c.get('deps');
        // One transaction for the whole batch, each entry in a savepoint of it (see inBatchTransaction), committed
        // before answering: nothing is acknowledged that is not on disk, and a crash loses only unanswered entries.
        const results = await inBatchTransaction(deps.db, async (trx) => {
          const batchDeps: AppDeps = { ...deps, db: trx, files: deps.files.withDb(trx) };
          const answered: EntryResult[] = [];
          // In order, and nothing after the first entry that did not succeed (SPEC RP5): a later write of the same
          // record or a child of a refused parent must not overtake it. Entries without a result were not run.
          for (const entry of entries) {
            const result = await runEntry(dispatch, batchDeps, c.req.url, authorization, entry);
            answered.push(result);
            if (result.status < 200 || result.status >= 300) break;
          }
          return answered;
        });
        return c.body(batchAnswer(results), 200, { 'Content-Type': 'application/json' });
      },
    )
    .get(
      '/changes',
      describeRoute({
        tags,
        security,
        summary:
          'Cambios de la empresa del token después del cursor: { changes: [{ seq, table, id, op, row }], cursor, more, reset? }. op "delete" llega con row null; reset pide volver a descargar',
      }),
      sessionOnly(),
      validate('query', ChangesQuerySchema),
      async (c) => {
        const { since, limit } = c.req.valid('query');
        return c.json(await readChanges(c.get('deps').db, c.get('session').company, viewerOf(c), since, limit));
      },
    )
    .get(
      '/conflictos/:company',
      describeRoute({ tags, security, summary: 'Conflictos de escritura de la empresa: la versión que perdió queda guardada para revisarla' }),
      validate('param', v.object({ company: v.string() })),
      requireOwnCompany,
      sessionOnly(),
      async (c) => c.json({ statusCode: 200, data: await listConflicts(c.get('deps').db, c.req.valid('param').company) }),
    );
}
