import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppEnv } from '../app-env.ts';
import { requireOwnCompany } from '../tenancy/require-session.ts';
import { answers } from './api-answers.ts';
import { validate } from './validation.ts';

/** The path of a company read: `{company}`, checked against the token, and any ids it names besides. */
type CompanyParams = v.GenericSchema<{ company: string }, { company: string } & Record<string, unknown>>;

export const CompanyPathSchema = v.object({ company: v.string() });

export interface ReadRoute<Answer extends v.GenericSchema, Params extends CompanyParams, Query extends v.GenericSchema | undefined> {
  tags: string[];
  summary: string;
  /** What the call answers: the read's result is typed with it, and /api/openapi.json says it. */
  answer: Answer;
  /** The answer's description in /api/openapi.json; the summary's words before ':' when omitted. */
  described?: string;
  /** Who may call it (`can('index')`), and any further check of the caller (`companyUsersOnly`), in order. */
  access: MiddlewareHandler<AppEnv> | readonly MiddlewareHandler<AppEnv>[];
  /** The path's parameters when it names more than `{company}`. */
  params?: Params;
  /** The query string, validated (400 with the Spanish message) and documented. */
  query?: Query;
}

export interface ReadInput<Params extends CompanyParams, Query extends v.GenericSchema | undefined> {
  params: v.InferOutput<Params>;
  query: Query extends v.GenericSchema ? v.InferOutput<Query> : undefined;
}

type Read<Answer extends v.GenericSchema, Params extends CompanyParams, Query extends v.GenericSchema | undefined> = (
  c: Context<AppEnv>,
  input: ReadInput<Params, Query>,
) => Promise<v.InferOutput<Answer>> | v.InferOutput<Answer>;

// A validator's own input typing serves a chained handler; here `ReadInput` types what the read receives.
const untyped = (middleware: unknown) => middleware as MiddlewareHandler<AppEnv>;

/**
 * A company's read, the stack every such GET repeats once: described with its summary and answer, `{company}`
 * validated and checked against the token's company (403 otherwise), the permission, the query, then `read`, whose
 * result is the answer. Mount it beside the module's other calls: `.route('/', readRoute('/x/:company', { ... }, read))`.
 */
export function readRoute<
  Answer extends v.GenericSchema,
  Params extends CompanyParams = typeof CompanyPathSchema,
  Query extends v.GenericSchema | undefined = undefined,
>(path: string, spec: ReadRoute<Answer, Params, Query>, read: NoInfer<Read<Answer, Params, Query>>): Hono<AppEnv> {
  const access: readonly MiddlewareHandler<AppEnv>[] = Array.isArray(spec.access) ? spec.access : [spec.access];
  const answer: MiddlewareHandler<AppEnv> = async (c) => {
    const request = c.req as unknown as { valid(target: 'param' | 'query'): unknown };
    const input = { params: request.valid('param'), query: spec.query ? request.valid('query') : undefined } as ReadInput<Params, Query>;
    return c.json((await read(c, input)) as object);
  };
  const handlers = [
    describeRoute({ tags: spec.tags, summary: spec.summary, responses: answers(spec.answer, spec.described ?? spec.summary.split(':')[0]!) }),
    untyped(validate('param', spec.params ?? CompanyPathSchema)),
    requireOwnCompany,
    ...access,
    ...(spec.query ? [untyped(validate('query', spec.query))] : []),
    answer,
  ];
  return new Hono<AppEnv>().on('GET', path, ...(handlers as [MiddlewareHandler<AppEnv>]));
}
