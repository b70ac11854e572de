import { describe, expect, it } from 'vitest';
import { mayHaveReachedServer, upgradePayload, type PayloadVersioning } from './payload-upgrade.ts';

const versioning: PayloadVersioning = {
  currentVersion: 3,
  upgraders: {
    1: (p) => ({ ...p, body: { ...(p.body as object), v2: true } }),
    2: (p) => ({ ...p, method: 'PUT', body: { ...(p.body as object), v3: true } }),
  },
};

describe('upgradePayload', () => {
  it('OB8: applies every upgrader from the entry version to the current one, in order', () => {
    expect(upgradePayload({ method: 'POST', path: '/api/x', body: {}, payloadVersion: 1 }, versioning)).toEqual({
      kind: 'upgraded',
      payload: { method: 'PUT', path: '/api/x', body: { v2: true, v3: true } },
      payloadVersion: 3,
    });
    expect(upgradePayload({ method: 'POST', path: '/api/x', body: {}, payloadVersion: 2 }, versioning)).toMatchObject({ payload: { body: { v3: true } } });
  });

  it('OB8: current and newer entries are left as they are; a missing step strands the entry', () => {
    expect(upgradePayload({ method: 'POST', path: '/api/x', body: {}, payloadVersion: 3 }, versioning)).toEqual({ kind: 'current' });
    expect(upgradePayload({ method: 'POST', path: '/api/x', body: {}, payloadVersion: 4 }, versioning)).toEqual({ kind: 'current' });
    expect(upgradePayload({ method: 'POST', path: '/api/x', body: {}, payloadVersion: 1 }, { currentVersion: 3, upgraders: { 2: (p) => p } })).toEqual({
      kind: 'stranded',
      fromVersion: 1,
    });
  });

  it('OB8: an entry that was sent or left mid-send may have reached the server', () => {
    expect(mayHaveReachedServer({ attempts: 0, state: 'pending' })).toBe(false);
    expect(mayHaveReachedServer({ attempts: 1, state: 'failed-retrying' })).toBe(true);
    expect(mayHaveReachedServer({ attempts: 0, state: 'sending' })).toBe(true);
  });
});
