import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { uniqueSymbol } from 'hono-openapi';
import type { AppEnv } from '../app-env.ts';

/** The markers of calls that only render a document, by identity (a route is matched with its handlers). */
const renderers = new WeakSet<object>();

/**
 * A call that only renders a document (a report's data or its PDF): a read, whatever its method, so it stays out of
 * the idempotency ledger (which keeps JSON answers of writes, SPEC RP17) and out of a write transaction (drawing a
 * PDF there would hold the database's writer for the whole drawing). Written into its OpenAPI operation as
 * `x-lectura`, with both answers it gives.
 */
export function rendersDocument() {
  const marker = createMiddleware<AppEnv>(async (_c, next) => next());
  renderers.add(marker);
  const responses = {
    200: {
      description: 'Los datos del documento en JSON, o con Accept: application/pdf el PDF dibujado en el servidor',
      content: { 'application/json': {}, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
  };
  return Object.assign(marker, { [uniqueSymbol]: { spec: { 'x-lectura': true, responses } } });
}

/**
 * The OpenAPI marker of a GET that answers a document's bytes (a file, a PDF): a read like the calls above, said in
 * its operation (`...DOCUMENT_READ` in describeRoute; typed loosely because the options know no extensions).
 */
export const DOCUMENT_READ: object = { 'x-lectura': true };

/** True when the request matched a call marked with `rendersDocument`. */
export function rendersADocument(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => renderers.has(route.handler));
}
