import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from './app-env.ts';
import { appliedSchemaVersion } from './db/migrate.ts';
import { filesRoutes } from './files/files.routes.ts';
import { answers } from './http/api-answers.ts';
import { describeApi } from './http/api-description.ts';
import { renderApiReference, type OpenApiDocument } from './http/api-reference.ts';
import { CachingRouter } from './http/caching-router.ts';
import { apiNotFound, handleError } from './http/error-handler.ts';
import { ownPagePolicy, securityHeaders } from './http/security-headers.ts';
import { serveBuiltApp } from './http/static-app.ts';
import { mailboxRoutes } from './mail/mailbox.routes.ts';
import { MODULE_ROUTES } from './app-modules.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { idempotencyLedger } from './sync/idempotency-ledger.ts';
import { createLedger } from './sync/ledger-core.ts';
import { CommandTable } from './commands/command-table.ts';
import { checkStatedProtocol } from './sync/protocol-version.ts';
import { createSyncRoutes, type EntryRunners } from './sync/sync.routes.ts';
import { publicCall } from './tenancy/permit.ts';
import { companyWriteScope } from './tenancy/company-write-scope.ts';

const HealthAnswer = v.object({ status: v.literal('ok'), schemaVersion: v.number() });

const apiRoutes = new Hono<AppEnv>()
  .get(
    '/health',
    describeRoute({
      tags: ['plataforma'],
      summary: 'Estado del servidor y versión del esquema de su base',
      responses: answers(HealthAnswer, 'En servicio'),
    }),
    publicCall(),
    async (c) =>
      c.json({ status: 'ok', schemaVersion: await appliedSchemaVersion(c.get('deps').db) } satisfies v.InferOutput<typeof HealthAnswer>),
  )
  .route('/auth', authRoutes)
  .route('/files', filesRoutes);
for (const module of MODULE_ROUTES) apiRoutes.route(module.base.slice('/api'.length), module.routes);

export interface CreateAppOptions {
  /** The built PWA to serve beside the API; omitted in API tests. */
  distDir?: string;
}

const appRunners = new WeakMap<Hono<AppEnv>, EntryRunners>();

/** How an app's batch reaches each entry (a test wraps them to cut a batch between two entries). */
export function entryRunnersOf(app: Hono<AppEnv>): EntryRunners {
  return appRunners.get(app)!;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>({ router: new CachingRouter() });
  app.use(async (c, next) => {
    // A batch entry runs with the batch's deps (its transaction); the env comes from the server, never the client.
    c.set('deps', (c.env as AppEnv['Bindings'] | undefined)?.batchDeps ?? deps);
    await next();
  });
  app.use(securityHeaders());
  app.onError(handleError);
  // Tablets at worksites are on slow mobile links: text answers and the app's assets travel gzipped. A batch
  // entry's answer is never sent by itself (the batch's is, compressed), so entries skip it.
  const compressAnswers = compress();
  app.use((c, next) => {
    if ((c.env as AppEnv['Bindings'] | undefined)?.batchDeps) return next();
    // Said before the answer is built: compress adds it otherwise by building the finished answer again, a copy
    // through a stream that cost a quarter of a kept worker list's request (static files say it themselves).
    if (c.req.path.startsWith('/api/')) c.header('Vary', 'Accept-Encoding');
    return compressAnswers(c, next);
  });
  // A device's single write (RP6) says its protocol: an old one is refused before anything runs (PV2).
  app.use('/api/*', checkStatedProtocol);
  app.use('/api/*', companyWriteScope);
  const applyOnce = createLedger();
  app.use('/api/*', idempotencyLedger(applyOnce));
  app.route('/api', apiRoutes);
  // The batch runs each entry inside its transaction: a command directly, any other call through the whole app.
  let commands: CommandTable | undefined;
  const runners: EntryRunners = {
    dispatch: async (request, batchDeps) => app.fetch(request, { batchDeps } satisfies AppEnv['Bindings']),
    // Built on the first batch, once every route is in place.
    commands: () => (commands ??= new CommandTable(app.routes)),
    applyOnce,
  };
  appRunners.set(app, runners);
  app.route('/api/sync', createSyncRoutes(runners));
  // Described once, on first ask: the routes do not change while the server runs.
  let described: ReturnType<typeof describeApi> | undefined;
  const description = () => (described ??= describeApi(app));
  app.get('/api/openapi.json', async (c) => c.json(await description()));
  app.get('/api/docs', async (c) => c.html(renderApiReference((await description()) as unknown as OpenApiDocument, ownPagePolicy(c))));
  app.all('/api/*', apiNotFound);
  app.route('/buzon', mailboxRoutes);
  if (options.distDir) serveBuiltApp(app, options.distDir);
  app.notFound(apiNotFound);
  return app;
}
