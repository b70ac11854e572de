import type { AppDeps } from './app-env.ts';
import { RECORD_STORES } from './app-modules.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { copyFolderFiles, filesFolderOf, openFileBytes } from './files/file-bytes-setup.ts';
import { FileStore } from './files/file-store.ts';
import { Mailer } from './mail/mailer.ts';
import { CachingSessionTokens } from './sync/verified-token-cache.ts';
import { seedCatalogue } from './seed/catalogue-seed.ts';
import { seedDemo } from './seed/demo-seed.ts';
import { sessionSecret } from './installation/session-secret.ts';

export interface StartedDeps extends AppDeps {
  demoCreated: boolean;
}

/** Opens the data folder, applies migrations in order, writes the catalogue and (once) the demo companies. */
export async function bootstrap(config: Config, now: () => Date = () => new Date()): Promise<StartedDeps> {
  const db = await openDatabase(config.dataDir, config.databaseUrl);
  await migrateToLatest(db);
  await seedCatalogue(db);
  const secret = await sessionSecret(config, db, now());
  const fileBytes = await openFileBytes(config, db);
  if (config.fileStorage.kind !== 'folder') await copyFolderFiles(filesFolderOf(config), fileBytes);
  const files = new FileStore(db, fileBytes, secret);
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
