import { Hono, type MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import type * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { type ReportListAnswer, reportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { answers } from '#server/http/api-answers.ts';
import { CompanyPathSchema } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';

/** Who asks a report list and for what: the token's company and viewer, today in Chile, the parsed filters and page. */
export interface ReportScope<Query> {
  db: Db;
  company: string;
  viewer: Viewer;
  today: string;
  query: Query;
}

export interface ReportListRoute<Row, Query> {
  tags: string[];
  summary: string;
  /** Describes the answer's page in /api/openapi.json; the summary's words before ':' when omitted. */
  described?: string;
  /** A row of the answer: the read's rows are typed with it, and the OpenAPI description says it. */
  row: v.GenericSchema<unknown, Row>;
  /** The filters and the page (`reportQuerySchema`): a 400 with the Spanish message when they are not valid. */
  query: v.GenericSchema<unknown, Query>;
  /** Who may ask (`can('index')`) and any further check of the caller, in order. */
  access: MiddlewareHandler<AppEnv> | readonly MiddlewareHandler<AppEnv>[];
}

// The validators' own input typing serves chained handlers; here `ReportScope` types what the read receives.
const untyped = (middleware: unknown) => middleware as MiddlewareHandler<AppEnv>;

/**
 * A report list's GET `<path>/:company`: described with its summary and its page's answer, a company session, the
 * company of the path checked against the token's (403 otherwise), the permission, the filters, then `read`.
 */
export function reportListRoute<Row, Query>(
  path: string,
  spec: ReportListRoute<Row, Query>,
  read: (scope: ReportScope<Query>) => Promise<ReportListAnswer<Row>>,
): Hono<AppEnv> {
  const access: readonly MiddlewareHandler<AppEnv>[] = Array.isArray(spec.access) ? spec.access : [spec.access];
  const responses = answers(reportListAnswer(spec.row), spec.described ?? spec.summary.split(':')[0]!);
  const answer: MiddlewareHandler<AppEnv> = async (c) => {
    const { company, viewer } = c.get('session');
    const { db, now } = c.get('deps');
    const query = (c.req as unknown as { valid(target: 'query'): Query }).valid('query');
    return c.json(await read({ db, company, viewer, today: toWireDate(now()), query }));
  };
  const handlers = [
    describeRoute({ tags: spec.tags, security: [{ bearerAuth: [] }], summary: spec.summary, responses }),
    requireSession,
    untyped(validate('param', CompanyPathSchema)),
    requireOwnCompany,
    ...access,
    untyped(validate('query', spec.query)),
    answer,
  ];
  return new Hono<AppEnv>().on('GET', `${path}/:company`, ...(handlers as [MiddlewareHandler<AppEnv>]));
}
