import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import {
  BatchRequestSchema,
  BatchResponseSchema,
  ChangesQuerySchema,
  ChangesResponseSchema,
  IDEMPOTENCY_HEADER,
  PROTOCOL_HEADER,
  SENT_AT_HEADER,
  SYNC_ERRORS,
  SYNC_LIMITS,
  SYNC_RETENTION,
  pathAndQuery,
  type BatchEntry,
} from '#sync/outbox/sync-protocol.ts';
import type { AppDeps, AppEnv } from '../app-env.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { answers, named } from '../http/api-answers.ts';
import { refusal } from '../http/http-error.ts';
import { gzippedJson } from '../http/gzipped-answer.ts';
import { validate } from '../http/validation.ts';
import { sessionOnly } from '../tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '../tenancy/require-session.ts';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { readableTables } from '#sync/records/readers.ts';
import { readChanges } from './change-log.repo.ts';
import { viewerOf } from '../tenancy/viewer.ts';
import { listConflicts } from './conflicts.repo.ts';
import { entryRequest } from './batch-http.ts';
import { answerText } from './idempotency-ledger.ts';
import type { Ledger } from './ledger-core.ts';
import type { CommandTable } from '../commands/command-table.ts';
import { type BatchRequestHeaders, type EntryAnswer, runCommandEntry } from '../commands/command-entry.ts';
import { requireSyncProtocol } from './protocol-version.ts';
import { inBatchTransaction } from './write-transaction.ts';

/** A write that lost against a newer version (SPEC CF4), kept with its whole body. */
const ConflictSchema = v.object({
  IdConflicto: v.number(),
  Tabla: v.string(),
  IdRegistro: v.string(),
  VersionBase: v.number(),
  VersionServidor: v.number(),
  /** The losing write's JSON body, as it came (null when it had none). */
  Cuerpo: v.nullable(v.record(v.string(), v.unknown())),
  Usuario: v.number(),
  Clave: v.nullable(v.string()),
  CreadoEn: v.string(),
  /** 1 once reviewed. */
  Resuelto: v.number(),
});
const ConflictsAnswer = dataAnswer(v.array(named('Conflicto', ConflictSchema)));

const tags = ['sincronización'];
const security = [{ bearerAuth: [] }];

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
interface EntryResult extends EntryAnswer {
  key: string;
}

/** How the batch reaches an entry's call: its command directly, or else the whole app. */
export interface EntryRunners {
  dispatch: Dispatch;
  commands: () => Pick<CommandTable, 'find'>;
  applyOnce: Ledger;
}

async function runEntry(
  runners: EntryRunners,
  deps: AppDeps,
  base: string,
  from: BatchRequestHeaders,
  entry: BatchEntry,
): Promise<EntryResult> {
  const location = pathAndQuery(entry.path, base);
  const found = runners.commands().find(entry.method, location.pathname);
  if (found) return { key: entry.key, ...(await runCommandEntry(runners.applyOnce, deps, from, entry, found, location)) };
  const headers = new Headers({ Authorization: from.authorization, [IDEMPOTENCY_HEADER]: entry.key, [PROTOCOL_HEADER]: from.protocol });
  if (from.sentAt !== undefined) headers.set(SENT_AT_HEADER, from.sentAt);
  const hasBody = entry.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  const href = new URL(entry.path, base).href;
  const request = entryRequest(entry.method, href, headers, hasBody ? JSON.stringify(entry.body) : null, entry.body);
  const response = await runners.dispatch(request, deps);
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
 * Each batch entry passes the same session check, validation, permission and idempotency ledger as its single REST
 * call with `Idempotency-Key`: a command directly (server/commands/), any other call through the app itself.
 */
export function createSyncRoutes(runners: EntryRunners) {
  return new Hono<AppEnv>()
    .use(requireSession)
    .post(
      '/batch',
      describeRoute({
        tags,
        security,
        summary: `Aplica en orden un lote de escrituras de la cola ({ entries: [{ key, method, path, body }] }, máx. ${SYNC_LIMITS.batchEntries} y ${SYNC_LIMITS.batchBytes / 1024 / 1024} MB). Cada una responde { key, status, body } igual que su llamada REST con Idempotency-Key; se detiene después de la primera que no es 2xx (las siguientes no tienen resultado y no se ejecutaron). Cabecera ${PROTOCOL_HEADER} obligatoria (426 PROTOCOLO_ANTIGUO si es antigua)`,
        responses: {
          200: {
            description: 'Un resultado por escritura ejecutada, en orden',
            content: { 'application/json': { schema: resolver(BatchResponseSchema) } },
          },
        },
      }),
      requireSyncProtocol,
      // Each entry then passes its own call's permission, as its single REST call would.
      sessionOnly(),
      bodyLimit({
        maxSize: SYNC_LIMITS.batchBytes,
        onError: () => {
          throw refusal(SYNC_ERRORS.batchTooLarge);
        },
      }),
      validate('json', BatchRequestSchema),
      async (c) => {
        const from: BatchRequestHeaders = {
          authorization: c.req.header('Authorization') ?? '',
          protocol: c.req.header(PROTOCOL_HEADER) ?? '',
          sentAt: c.req.header(SENT_AT_HEADER),
        };
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
            const result = await runEntry(runners, batchDeps, c.req.url, from, entry);
            answered.push(result);
            if (result.status < 200 || result.status >= 300) break;
          }
          return answered;
        });
        return gzippedJson(c, batchAnswer(results));
      },
    )
    .get(
      '/changes',
      describeRoute({
        tags,
        security,
        summary: `Cambios de la empresa del token después del cursor: { changes: [{ seq, table, id, op, row }], cursor, more, reset? }. op "delete" llega con row null; reset pide volver a descargar (el cursor es más antiguo que los ${SYNC_RETENTION.keepDays} días que se guardan, o lo que el usuario puede leer cambió después de él). Solo las tablas que el rol permite leer, y de ellas lo que el usuario ve (contratista, cliente). Cabecera ${PROTOCOL_HEADER} obligatoria`,
        responses: answers(named('CambiosAnswer', ChangesResponseSchema), 'Una página de cambios después del cursor'),
      }),
      requireSyncProtocol,
      sessionOnly(),
      validate('query', ChangesQuerySchema),
      async (c) => {
        const { since, limit } = c.req.valid('query');
        const session = c.get('session');
        const tables = readableTables(ENTITY_LIST, (route) => session.can(route, 'index'));
        return c.json(
          await readChanges(
            c.get('deps').db,
            session.company,
            {
              viewer: viewerOf(c),
              tables,
              readsChangedAt: session.readsChangedAt,
              worksites: session.worksites,
              widening: session.widening,
            },
            since,
            limit,
          ),
        );
      },
    )
    .get(
      '/conflictos/:company',
      describeRoute({
        tags,
        security,
        summary: 'Conflictos de escritura de la empresa: la versión que perdió queda guardada para revisarla',
        responses: answers(ConflictsAnswer, 'Conflictos, los sin resolver primero y del más nuevo al más antiguo'),
      }),
      validate('param', v.object({ company: v.string() })),
      requireOwnCompany,
      sessionOnly(),
      async (c) =>
        c.json({ statusCode: 200, data: await listConflicts(c.get('deps').db, c.req.valid('param').company) } satisfies v.InferOutput<
          typeof ConflictsAnswer
        >),
    );
}
