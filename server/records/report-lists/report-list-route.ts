import { Hono, type MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { type ReportListAnswer, reportListAnswer } from '#sync/schemas/report-list.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { readRoute } from '#server/http/read-route.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
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

/**
 * A report list's GET `<path>/:company`: a company read (readRoute: its description with the page's answer, the
 * company of the path checked against the token's, the permission, the filters) behind a session, then `read`.
 */
export function reportListRoute<Row, Query>(
  path: string,
  spec: ReportListRoute<Row, Query>,
  read: (scope: ReportScope<Query>) => Promise<ReportListAnswer<Row>>,
): Hono<AppEnv> {
  const { row, ...described } = spec;
  const route = readRoute(`${path}/:company`, { ...described, answer: reportListAnswer(row) }, async (c, { query }) => {
    const { company, viewer } = c.get('session');
    const { db, now } = c.get('deps');
    return read({ db, company, viewer, today: toWireDate(now()), query: query as Query });
  });
  // Scoped to this path: a bare use() would also guard whatever the module mounts beside it.
  return new Hono<AppEnv>().use(`${path}/:company`, requireSession).route('/', route);
}
