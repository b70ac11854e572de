/**
 * A server process that dies in the middle of a batch: `node --import tsx batch-crash-child.ts <plan.json>`.
 *
 * Over the plan's data folder it answers a first batch (printed as `answered <json>`), then runs a second one
 * and SIGKILLs itself while applying it, after `killAfter` of its entries ran inside the batch's transaction and
 * before any answer: what a power cut or an OOM kill does to the real server. The test then restarts on the same
 * folder and checks what survived.
 */
import fs from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '#server/app-env.ts';
import { createApp, entryRunnersOf } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { handleError } from '#server/http/error-handler.ts';
import { createSyncRoutes } from '#server/sync/sync.routes.ts';
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';

export interface CrashPlan {
  dataDir: string;
  /** PostgreSQL's address when the run is on PostgreSQL; else the SQLite file of `dataDir`. */
  databaseUrl?: string;
  correo: string;
  rutEmpresa: string;
  password: string;
  answered: unknown[];
  killed: unknown[];
  killAfter: number;
}

const plan = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as CrashPlan;
const deps = await bootstrap(parseConfig({ DATA_DIR: plan.dataDir, DATABASE_URL: plan.databaseUrl }));
const app = createApp(deps);

const login = await app.request('/api/auth/login', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ RutEmpresa: plan.rutEmpresa, Correo: plan.correo, Contrasena: plan.password }),
});
const { token } = (await login.json()) as { token: string };
const batch = (target: Hono<AppEnv>, entries: unknown[]) =>
  target.request('/api/sync/batch', {
    method: 'POST',
    headers: { [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ entries }),
  });

const first = await batch(app, plan.answered);
console.log(`answered ${JSON.stringify(await first.json())}`);

// The same batch route, handing entries to the same app, but the process is killed once `killAfter` ran.
let dispatched = 0;
const runners = entryRunnersOf(app);
const dying: Hono<AppEnv> = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set('deps', deps);
    await next();
  })
  .onError(handleError)
  .route(
    '/api/sync',
    createSyncRoutes({
      ...runners,
      commands: () => ({
        find: (method, path) => {
          if (dispatched === plan.killAfter) process.kill(process.pid, 'SIGKILL');
          dispatched += 1;
          return runners.commands().find(method, path);
        },
      }),
    }),
  );
await batch(dying, plan.killed);
console.log('not killed');
