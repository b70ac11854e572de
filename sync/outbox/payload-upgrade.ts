import type { OutboxEntry, WriteMethod } from './outbox-entry.ts';

export interface Payload {
  method: WriteMethod;
  path: string;
  body: unknown;
}

/** `upgraders[v]` turns a version-v payload into version v+1 (SPEC OB8). Registered once per app release. */
export type PayloadUpgraders = Readonly<Record<number, (payload: Payload) => Payload>>;

export interface PayloadVersioning {
  currentVersion: number;
  upgraders: PayloadUpgraders;
}

export const UPGRADE_MISSING_MESSAGE =
  'Esta operación se guardó con una versión anterior de la aplicación y no se pudo adaptar. Revísala y vuelve a enviarla.';

export type UpgradeResult =
  | { kind: 'current' }
  | { kind: 'upgraded'; payload: Payload; payloadVersion: number }
  | { kind: 'stranded'; fromVersion: number };

/** Entries from a newer app (another tab already updated) are sent as they are: the body shape is theirs. */
export function upgradePayload(entry: Pick<OutboxEntry, 'method' | 'path' | 'body' | 'payloadVersion'>, versioning: PayloadVersioning): UpgradeResult {
  if (entry.payloadVersion >= versioning.currentVersion) return { kind: 'current' };
  let payload: Payload = { method: entry.method, path: entry.path, body: entry.body };
  for (let version = entry.payloadVersion; version < versioning.currentVersion; version++) {
    const upgrade = versioning.upgraders[version];
    if (!upgrade) return { kind: 'stranded', fromVersion: version };
    payload = upgrade(payload);
  }
  return { kind: 'upgraded', payload, payloadVersion: versioning.currentVersion };
}

/** The entry may have reached the server with its old body: sent before, or left mid-send. */
export function mayHaveReachedServer(entry: Pick<OutboxEntry, 'attempts' | 'state'>): boolean {
  return entry.attempts > 0 || entry.state === 'sending';
}
