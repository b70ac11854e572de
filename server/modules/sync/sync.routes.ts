import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env.ts';
import { HttpError } from '../../http/http-error.ts';
import { validate } from '../../http/validation.ts';
import { requireOwnCompany, requireSession } from '../../tenancy/require-session.ts';
import { readChanges } from './change-log.repo.ts';
import { viewerOf } from '../../tenancy/viewer.ts';
import { listConflicts } from './conflicts.repo.ts';
import { IDEMPOTENCY_HEADER } from './idempotency-ledger.ts';
import { BatchBodySchema, ChangesQuerySchema, SYNC_MESSAGES, type BatchEntry, type BatchResult } from './sync.schema.ts';

const tags = ['sincronización'];
const security = [{ bearerAuth: [] }];
const MAX_BATCH_BYTES = 25 * 1024 * 1024;

/** Hands a request to the whole app, exactly as if it had arrived on its own. */
export type Dispatch = (request: Request) => Promise<Response>;

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function runEntry(dispatch: Dispatch, base: string, authorization: string, entry: BatchEntry): Promise<BatchResult> {
  const headers: Record<string, string> = { Authorization: authorization, [IDEMPOTENCY_HEADER]: entry.key };
  const hasBody = entry.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  const response = await dispatch(
    new Request(new URL(entry.path, base), { method: entry.method, headers, body: hasBody ? JSON.stringify(entry.body) : undefined }),
  );
  return { key: entry.key, status: response.status, body: parseBody(await response.text()) };
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
      bodyLimit({
        maxSize: MAX_BATCH_BYTES,
        onError: () => {
          throw new HttpError(413, SYNC_MESSAGES.batchTooLarge, 'LOTE_GRANDE');
        },
      }),
      validate('json', BatchBodySchema),
      async (c) => {
        const authorization = c.req.header('Authorization') ?? '';
        const results: BatchResult[] = [];
        // In order, and nothing after the first entry that did not succeed (SPEC RP5): a later write of the same
        // record or a child of a refused parent must not overtake it. Entries without a result were not run.
        for (const entry of c.req.valid('json').entries) {
          const result = await runEntry(dispatch, c.req.url, authorization, entry);
          results.push(result);
          if (result.status < 200 || result.status >= 300) break;
        }
        return c.json({ results });
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
      validate('query', ChangesQuerySchema),
      async (c) => {
        const { since, limit } = c.req.valid('query');
        return c.json(await readChanges(c.get('deps').db, c.get('claims').emp, await viewerOf(c), since, limit));
      },
    )
    .get(
      '/conflictos/:company',
      describeRoute({ tags, security, summary: 'Conflictos de escritura de la empresa: la versión que perdió queda guardada para revisarla' }),
      validate('param', v.object({ company: v.string() })),
      requireOwnCompany,
      async (c) => c.json({ statusCode: 200, data: await listConflicts(c.get('deps').db, c.req.valid('param').company) }),
    );
}
