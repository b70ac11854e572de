import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import type { TestServer } from './api-harness.ts';

/**
 * A second API node beside `server`: its own process state and data folder, the same PostgreSQL database and
 * nothing else in common (no SESSION_SECRET: the secret is the database's). Shaped like a TestServer, so the
 * harness's helpers send to it.
 */
export async function secondNode(server: TestServer): Promise<TestServer> {
  const databaseUrl = server.deps.config.databaseUrl;
  if (!databaseUrl) throw new Error('secondNode: dos nodos solo comparten una base PostgreSQL');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-nodo-b-'));
  const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }), server.clock.now);
  const app = createApp(deps);
  return {
    ...server,
    app,
    deps,
    dataDir,
    close: async () => {
      await deps.db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
