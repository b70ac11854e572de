import { describe, expect, it } from 'vitest';
import { SYNC_ERRORS } from '#sync/outbox/sync-protocol.ts';
import { INITIAL_SYNC_STATE } from '#sync/outbox/sync-state.ts';
import type { SyncStatus } from '#app/sync/use-device.ts';
import { describeSync } from './sync-status.tsx';

const settled: SyncStatus = { ...INITIAL_SYNC_STATE };

describe('the sync status in words (RP14)', () => {
  it('PV3: an app the server no longer serves says "Actualiza la aplicación" first, with its queue still counted', () => {
    const status = {
      ...settled,
      updateRequired: true,
      pending: 3,
      lastError: { status: 426, code: 'PROTOCOLO_ANTIGUO', message: SYNC_ERRORS.oldProtocol.message },
    };
    const described = describeSync(status, true);
    expect(described).toMatchObject({ tone: 'error', summary: 'Actualiza la aplicación' });
    expect(described.details).toEqual(expect.arrayContaining(['3 cambios pendientes']));
    expect(described.details[0]).toMatch(/actualízala para seguir sincronizando/);
  });
});
