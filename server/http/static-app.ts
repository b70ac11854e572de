import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** Serves the built PWA; any other path gets index.html so client routes work on reload. */
export function serveBuiltApp(app: Hono<AppEnv>, distDir: string): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '*',
    serveStatic({
      root,
      // The build writes each text asset also gzipped (vite.config.ts): sent as it is, not compressed per request.
      precompressed: true,
      onFound: (filePath, c) => {
        // The service worker and the HTML must be revalidated so updates are seen; hashed assets never change.
        const immutable = /\/assets\//.test(filePath);
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  // Read on every request: after a rebuild the old index.html would point at hashed assets that are gone.
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(await fs.promises.readFile(path.join(distDir, 'index.html'), 'utf8'));
  });
}
