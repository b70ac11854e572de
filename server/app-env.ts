import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { FileStore } from './files/file-store.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SessionClaims, SessionTokens } from './modules/auth/session-token.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  tokens: SessionTokens;
  mailer: Mailer;
  files: FileStore;
  now: () => Date;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    claims: SessionClaims;
  };
}
