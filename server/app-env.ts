import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { FileStore } from './files/file-store.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RecordRegistry } from './records/record-registry.ts';
import type { SessionClaims, SessionTokens } from './tenancy/session-token.ts';
import type { RequestSession } from './tenancy/require-session.ts';
import type { InspectorSession } from './tenancy/require-inspector.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  tokens: SessionTokens;
  mailer: Mailer;
  files: FileStore;
  /** Every entity's records (app-modules.ts). */
  records: RecordRegistry;
  now: () => Date;
}

/**
 * What the server hands a request besides the request itself (Hono's `env`): never the client. A batch entry is
 * dispatched with `batchDeps`, the deps whose `db` is the batch's transaction (SPEC RP5).
 */
export interface AppBindings {
  batchDeps?: AppDeps;
  /**
   * The Node request @hono/node-server hands over: its socket's remote address is the only trusted origin of a
   * request (forwarded-for headers are the client's own words). Absent for batch entries.
   */
  incoming?: { socket: { remoteAddress?: string } };
}

export interface AppEnv {
  Bindings: AppBindings;
  Variables: {
    deps: AppDeps;
    claims: SessionClaims;
    session: RequestSession;
    /** An inspector's session (server/tenancy/require-inspector.ts): never set beside `session`. */
    inspector: InspectorSession;
  };
}
