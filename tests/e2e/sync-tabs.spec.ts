import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  apiToken,
  controlledByServiceWorker,
  createWorkerThroughForm,
  freshRut,
  localRows,
  openWorkers,
  serverWorkersByRut,
  serverWorkerTotal,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

/** Every idempotency key a page sends, batched or single (SPEC RP5, RP6). */
function recordSentKeys(page: Page, sent: string[]): void {
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname === '/api/sync/batch') {
      const body = request.postDataJSON() as { entries: { key: string }[] };
      sent.push(...body.entries.map((entry) => entry.key));
    } else if (url.pathname.startsWith('/api/trabajadores/') && request.method() !== 'GET') {
      const key = request.headers()['idempotency-key'];
      if (key) sent.push(key);
    }
  });
}

test('RP1: two tabs with queued writes come back online together and each write reaches the server once', async ({ page, context }) => {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await openWorkers(page);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await openWorkers(second);
  const token = await apiToken(page.request);
  const before = await serverWorkerTotal(page.request, token);

  await context.setOffline(true);
  const ruts = [freshRut(), freshRut(), freshRut(), freshRut()];
  await createWorkerThroughForm(page, { rut: ruts[0]!, nombres: 'Ana', paterno: 'Pestaña Uno' });
  await createWorkerThroughForm(second, { rut: ruts[1]!, nombres: 'Beto', paterno: 'Pestaña Dos' });
  await createWorkerThroughForm(page, { rut: ruts[2]!, nombres: 'Carla', paterno: 'Pestaña Uno' });
  await createWorkerThroughForm(second, { rut: ruts[3]!, nombres: 'Diego', paterno: 'Pestaña Dos' });
  // Both tabs read the same outbox.
  await expect(syncStatus(page)).toContainText('4 pendientes');
  await expect(syncStatus(second)).toContainText('4 pendientes');
  const queuedKeys = (await localRows<{ key: string }>(page, 'outbox')).map((entry) => entry.key);
  expect(queuedKeys).toHaveLength(4);

  const sent: string[] = [];
  recordSentKeys(page, sent);
  recordSentKeys(second, sent);
  await context.setOffline(false);
  await expectAllSent(page, 20_000);
  await expectAllSent(second, 20_000);
  await expectAccessible(second);

  // One tab replayed under the Web Lock: every key went out exactly once, from one tab or the other.
  expect([...sent].sort()).toEqual([...queuedKeys].sort());
  for (const rut of ruts) expect((await serverWorkersByRut(page.request, token, rut)).total).toBe(1);
  expect(await serverWorkerTotal(page.request, token)).toBe(before + 4);
});
