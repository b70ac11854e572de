import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from './app-env.ts';
import { RECORD_STORES } from './app-modules.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { FileStore } from './files/file-store.ts';
import { Mailer } from './mail/mailer.ts';
import { CachingSessionTokens } from './sync/verified-token-cache.ts';
import { seedCatalogue } from './seed/catalogue-seed.ts';
import { seedDemo } from './seed/demo-seed.ts';

/** Without SESSION_SECRET, a random secret is kept in the data folder so sessions survive restarts. */
function sessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export interface StartedDeps extends AppDeps {
  demoCreated: boolean;
}

/** Opens the data folder, applies migrations in order, writes the catalogue and (once) the demo companies. */
export async function bootstrap(config: Config, now: () => Date = () => new Date()): Promise<StartedDeps> {
  const db = await openDatabase(config.dataDir, config.databaseUrl);
  await migrateToLatest(db);
  await seedCatalogue(db);
  const secret = sessionSecret(config);
  const files = new FileStore(db, path.join(config.dataDir, 'files'), secret);
  const demoCreated = config.demoSeed ? await seedDemo(db, now(), files) : false;
  return {
    db,
    config,
    now,
    demoCreated,
    tokens: new CachingSessionTokens(secret, () => now().getTime()),
    mailer: new Mailer(db, config.mailFrom, config.smtp),
    files,
    records: RECORD_STORES,
  };
}
