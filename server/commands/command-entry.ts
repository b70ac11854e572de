import { SYNC_ERRORS, type BatchEntry } from '#sync/outbox/sync-protocol.ts';
import { AUTH_CODES, AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { AppDeps } from '../app-env.ts';
import { errorAnswer } from '../http/error-handler.ts';
import { HttpError } from '../http/http-error.ts';
import { IDEMPOTENCY_KEY_PATTERN, requestFingerprint } from '../sync/idempotency-ledger.ts';
import type { Ledger } from '../sync/ledger-core.ts';
import { refusal } from '../http/http-error.ts';
import { sessionOfClaims } from '../tenancy/require-session.ts';
import type { SessionClaims } from '../tenancy/session-token.ts';
import { checkEntry, type Command } from './command.ts';
import type { FoundCommand } from './command-table.ts';

/** What each entry carries of the batch's own request: the session, the protocol and the device's clock (RT3). */
export interface BatchRequestHeaders {
  authorization: string;
  protocol: string;
  sentAt: string | undefined;
}

/** An entry's answer: its status and its body's JSON text, spliced as is into the batch's answer. */
export interface EntryAnswer {
  status: number;
  bodyJson: string;
}

const failed = (error: unknown, where: string): EntryAnswer => {
  const answer = errorAnswer(error instanceof Error ? error : new Error(String(error)), where);
  return { status: answer.status, bodyJson: JSON.stringify(answer.body) };
};

/** The query string as Hono's validator reads it: one value as itself, a repeated name as its list. */
function queryOf(search: string): Record<string, string | string[]> {
  const all: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) (all[name] ??= []).push(value);
  return Object.fromEntries(Object.entries(all).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]));
}

async function execute(command: Command, deps: AppDeps, claims: SessionClaims, found: FoundCommand, entry: BatchEntry, search: string) {
  const session = await sessionOfClaims(deps.db, claims);
  const raw = { params: found.params, query: queryOf(search), body: entry.body };
  const input = checkEntry(command, session, claims, raw);
  const answer = await command.run({ deps, session, claims, key: entry.key }, input);
  return { status: answer.status, bodyJson: JSON.stringify(answer.body) };
}

/**
 * A batch entry whose call is a command, without a Request, routing through the app or a Response: the session,
 * the ledger, the route's checks in its order and the command, answering what its single call answers (SPEC RP5).
 */
export async function runCommandEntry(
  applyOnce: Ledger,
  deps: AppDeps,
  from: BatchRequestHeaders,
  entry: BatchEntry,
  found: FoundCommand,
  url: { pathname: string; search: string },
): Promise<EntryAnswer> {
  const where = `${entry.method} ${url.pathname}`;
  try {
    if (!IDEMPOTENCY_KEY_PATTERN.test(entry.key)) throw refusal(SYNC_ERRORS.badKey);
    const token = from.authorization.startsWith('Bearer ') ? from.authorization.slice(7) : '';
    const claims = token ? await deps.tokens.read(token) : null;
    // Without a valid session nothing is stored: the write is retried after sign-in.
    if (!claims) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
    const hasBody = entry.body !== undefined;
    const bodyText = () => (hasBody ? JSON.stringify(entry.body) : '');
    const pathWithQuery = url.pathname + url.search;
    // A JSON body is fingerprinted from its parsed value (canonical JSON); its text is not needed for that.
    const fingerprint = requestFingerprint({
      user: claims.sub,
      method: entry.method,
      pathWithQuery,
      contentType: hasBody ? 'application/json' : '',
      body: '',
      parsed: entry.body,
    });
    let own: EntryAnswer | undefined;
    const write = { deps, company: claims.emp, key: entry.key, fingerprint, sentAt: from.sentAt, bodyText };
    const outcome = await applyOnce(write, async (scoped) => {
      try {
        own = await execute(found.command, scoped, claims, found, entry, url.search);
      } catch (error) {
        own = failed(error, where);
      }
      const text = own.bodyJson;
      return { status: own.status, ledgerable: true, text: async () => text };
    });
    // As the single call's replay reaches a batch: its stored text, read as JSON and written again.
    if (outcome.kind === 'replayed') return { status: outcome.status, bodyJson: JSON.stringify(JSON.parse(outcome.text || 'null')) };
    if (outcome.kind === 'verdict') return { status: outcome.status, bodyJson: JSON.stringify(outcome.body) };
    return own!;
  } catch (error) {
    return failed(error, where);
  }
}
