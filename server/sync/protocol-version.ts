import { createMiddleware } from 'hono/factory';
import { OLDEST_SERVED_PROTOCOL, PROTOCOL_HEADER, requestProtocol, SYNC_ERRORS, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import type { AppEnv } from '../app-env.ts';
import { refusal } from '../http/http-error.ts';

function refuse(version: number | null): void {
  if (version !== null && version >= OLDEST_SERVED_PROTOCOL && version <= SYNC_PROTOCOL_VERSION) return;
  if (version !== null && version > SYNC_PROTOCOL_VERSION) {
    // PV4: a newer app than this server (a server rolled back): not the person's fault, retried later.
    throw refusal(SYNC_ERRORS.newerProtocol);
  }
  throw refusal(SYNC_ERRORS.oldProtocol);
}

/**
 * PV2, PV3: the sync calls (batch, changes, file batch) are served only to the protocol versions this server
 * speaks; a request without `Sync-Protocol` is version 1, from before versions existed.
 */
export const requireSyncProtocol = createMiddleware<AppEnv>(async (c, next) => {
  refuse(requestProtocol(c.req.header(PROTOCOL_HEADER)));
  await next();
});

/**
 * PV2: any other call that says its protocol version (a device's single write, RP6) is held to it too; a call
 * without one is a plain API call and is served.
 */
export const checkStatedProtocol = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header(PROTOCOL_HEADER);
  if (header !== undefined) refuse(requestProtocol(header));
  await next();
});
