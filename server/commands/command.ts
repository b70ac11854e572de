import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';
import { IDEMPOTENCY_HEADER } from '#sync/outbox/sync-protocol.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { PermissionAction } from '#sync/records/permissions.ts';
import type { AppDeps, AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { parseOrRefuse, validate } from '../http/validation.ts';
import { permit, sessionOnly } from '../tenancy/permit.ts';
import { companyUsersOnly, requireOwnCompany, type RequestSession } from '../tenancy/require-session.ts';
import type { SessionClaims } from '../tenancy/session-token.ts';

/**
 * A write as a command: validated input → rules → rows → change log → answer. The REST route and the batch entry
 * reach the same command: the route through Hono's middleware (`commandHandlers`), the batch entry directly
 * (server/commands/command-entry.ts), each passing the same checks in the same order, so both answer the same bytes.
 */

/** Who writes, and under which key; `deps.db` is the write's transaction. */
export interface CommandCall {
  deps: AppDeps;
  session: RequestSession;
  claims: SessionClaims;
  key: string | undefined;
}

/** What a command answers: its status and the JSON body, as `c.json` would send it. */
export interface CommandAnswer {
  status: ContentfulStatusCode;
  body: unknown;
}

/** One check before the command runs; the REST route runs them as middleware, the batch entry as functions. */
export type CommandCheck =
  | { kind: 'param'; schema: v.GenericSchema }
  | { kind: 'ownCompany' }
  | { kind: 'access'; route: string | readonly string[]; action: PermissionAction }
  | { kind: 'session' }
  | { kind: 'ownUser' }
  /** Office calls on who may sign in: never a contractor's or client's user, whatever their role grants. */
  | { kind: 'companyUsers' }
  | { kind: 'query'; schema: v.GenericSchema }
  | { kind: 'json'; schema: v.GenericSchema }
  /** Fields the spec sends in the query or in a JSON body (the body wins where both name one), parsed together. */
  | { kind: 'fields'; schema: v.GenericSchema };

export interface CommandInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface Command {
  checks: readonly CommandCheck[];
  run(call: CommandCall, input: CommandInput): Promise<CommandAnswer>;
}

/** What the checks of kind `K` parse to; a check list built by spreading loses its schemas' types (then: `Loose`). */
type Parsed<C extends readonly CommandCheck[], K extends CommandCheck['kind'], Loose, Absent> =
  Extract<C[number], { kind: K }> extends never
    ? Absent
    : Extract<C[number], { kind: K }> extends { schema: infer S extends v.GenericSchema }
      ? unknown extends v.InferOutput<S>
        ? Loose
        : v.InferOutput<S>
      : Absent;

/** A command's input typed from its checks: the path's, query's and body's schemas' outputs. */
export interface TypedInput<C extends readonly CommandCheck[]> {
  params: Parsed<C, 'param', Record<string, unknown>, Record<string, string>>;
  query: Parsed<C, 'query', Record<string, unknown>, Record<string, never>>;
  body: Parsed<C, 'json' | 'fields', unknown, undefined>;
}

/** A command whose `run` reads its input with the types its checks' schemas give. */
export interface TypedCommand<C extends readonly CommandCheck[]> {
  checks: C;
  run(call: CommandCall, input: TypedInput<C>): Promise<CommandAnswer>;
}

/** Marks a route's last handler as a command's, so the batch finds the command behind a path (command-table.ts). */
export const COMMAND = Symbol('command');

/** The answer of a write that saved `data`: `{ statusCode: 200, message, data }`. */
export function saved(message: string, data: unknown): CommandAnswer {
  return { status: 200, body: { statusCode: 200, message, data } };
}

const forbiddenUser = () => new HttpError(403, AUTH_MESSAGES.forbiddenAction, 'SIN_PERMISO');

const ownUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = (c.req.valid('param' as never) as { user?: unknown } | undefined)?.user;
  if (user !== undefined && user !== c.get('session').userId) throw forbiddenUser();
  await next();
};

/** The parsed fields of a request whose command takes them from query and body (the 'fields' check). */
const parsedFields = new WeakMap<object, unknown>();

/** Query and JSON body merged as a 'fields' check reads them; a body that is not a JSON object adds nothing. */
export function mergedFields(query: Record<string, string>, body: unknown): Record<string, unknown> {
  return { ...query, ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
}

function middlewareOf(check: CommandCheck): MiddlewareHandler<AppEnv> {
  switch (check.kind) {
    case 'fields':
      return async (c, next) => {
        const json = (c.req.header('content-type') ?? '').includes('application/json');
        const body = json ? ((await c.req.json().catch(() => ({}))) as unknown) : {};
        parsedFields.set(c, parseOrRefuse(check.schema, mergedFields(c.req.query(), body)));
        await next();
      };
    case 'param':
      return validate('param', check.schema) as unknown as MiddlewareHandler<AppEnv>;
    case 'query':
      return validate('query', check.schema) as unknown as MiddlewareHandler<AppEnv>;
    case 'json':
      return validate('json', check.schema) as unknown as MiddlewareHandler<AppEnv>;
    case 'ownCompany':
      return requireOwnCompany;
    case 'access':
      return permit(check.route, check.action);
    case 'session':
      return sessionOnly();
    case 'ownUser':
      return ownUser;
    case 'companyUsers':
      return companyUsersOnly;
  }
}

/** The route's handlers after its description: the checks, then the command, whose answer goes out with `c.json`. */
export function commandHandlers<const C extends readonly CommandCheck[]>(typed: TypedCommand<C>): MiddlewareHandler<AppEnv>[] {
  const command = typed as unknown as Command;
  const has = (kind: CommandCheck['kind']) => command.checks.some((check) => check.kind === kind);
  const handler: MiddlewareHandler<AppEnv> = async (c) => {
    const valid = (target: 'param' | 'query' | 'json') => c.req.valid(target as never) as Record<string, unknown>;
    const input: CommandInput = {
      params: has('param') ? valid('param') : c.req.param(),
      query: has('query') ? valid('query') : {},
      body: has('json') ? valid('json') : parsedFields.get(c),
    };
    const call: CommandCall = { deps: c.get('deps'), session: c.get('session'), claims: c.get('claims'), key: c.req.header(IDEMPOTENCY_HEADER) };
    const answer = await command.run(call, input);
    return c.json(answer.body as object, answer.status);
  };
  return [...command.checks.map(middlewareOf), Object.assign(handler, { [COMMAND]: command })];
}

/** The query as `c.req.query()` reads it: a repeated name keeps its first value. */
function firstValues(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0]! : value]));
}

/** The checks a batch entry passes, in order, with what the REST route's middleware would refuse. */
export function checkEntry(
  command: Command,
  session: RequestSession,
  claims: SessionClaims,
  raw: { params: Record<string, string>; query: Record<string, string | string[]>; body: unknown },
): CommandInput {
  const input: CommandInput = { params: raw.params, query: {}, body: undefined };
  for (const check of command.checks) {
    switch (check.kind) {
      case 'param':
        input.params = parseOrRefuse(check.schema, raw.params) as Record<string, unknown>;
        break;
      case 'query':
        input.query = parseOrRefuse(check.schema, raw.query) as Record<string, unknown>;
        break;
      case 'json':
        input.body = parseOrRefuse(check.schema, raw.body === undefined ? {} : raw.body);
        break;
      case 'fields':
        input.body = parseOrRefuse(check.schema, mergedFields(firstValues(raw.query), raw.body));
        break;
      case 'ownCompany':
        if (raw.params.company !== undefined && raw.params.company !== claims.emp)
          throw new HttpError(403, AUTH_MESSAGES.forbiddenCompany, 'EMPRESA_AJENA');
        break;
      case 'access': {
        const routes: readonly string[] = typeof check.route === 'string' ? [check.route] : check.route;
        if (!routes.some((route) => session.can(route, check.action))) throw forbiddenUser();
        break;
      }
      case 'ownUser':
        if (input.params.user !== undefined && input.params.user !== session.userId) throw forbiddenUser();
        break;
      case 'companyUsers':
        if (session.viewer.kind !== 'empresa') throw new HttpError(403, AUTH_MESSAGES.companyUsersOnly, 'SOLO_EMPRESA');
        break;
      case 'session':
        break;
    }
  }
  return input;
}
