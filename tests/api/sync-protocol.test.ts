import { describe, expect, it } from 'vitest';
import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { MemoryOutboxStore } from '#sync/outbox/memory-outbox-store.ts';
import { newOutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import { PROTOCOL_HEADER, SYNC_ERRORS, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { serverForEachTest, type TestServer } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';

const test = serverForEachTest();
const CERTIFICACIONES = '/api/certificaciones';
const certification = (name: string) => ({ IdCertificacion: uuidV7(), Nombre: name, Emisor: 'Mutual', Vence: 1, VigenciaMeses: 24 });
const OLD_ANSWER = { statusCode: 426, code: 'PROTOCOLO_ANTIGUO', message: SYNC_ERRORS.oldProtocol.message };

/** A request of a device speaking `version`; undefined is an app from before versions existed (no header at all). */
async function asDevice(version: string | undefined, method: string, url: string, options: { body?: unknown; key?: string } = {}) {
  if (version === undefined) {
    const response = await test.server.app.request(url, {
      method,
      headers: {
        Authorization: `Bearer ${test.admin.token}`,
        'Content-Type': 'application/json',
        ...(options.key ? { 'Idempotency-Key': options.key } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const { status, body } = await send(test.server, method, url, {
    token: test.admin.token,
    headers: { [PROTOCOL_HEADER]: version },
    ...options,
  });
  return { status, body };
}

/** A FetchTransport over the real app, whose requests say `version` instead of this build's (an app not yet updated). */
function transportSpeaking(server: TestServer, token: string, version: number) {
  return new FetchTransport({
    getToken: () => token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set(PROTOCOL_HEADER, String(version));
      return Promise.resolve(server.app.request(String(input), { ...init, headers }));
    },
  });
}

describe('the protocol version (PV)', () => {
  it('PV2: batch, changes and file batch refuse an app without a version or at version 1 with 426 PROTOCOLO_ANTIGUO, applying nothing', async () => {
    const sent = certification('Rigger certificado');
    const entries = [{ key: uuidV7(), method: 'POST', path: CERTIFICACIONES, body: sent }];
    const changes = await countRows(test.server, 'cambios');
    for (const version of [undefined, '1']) {
      expect(await asDevice(version, 'POST', '/api/sync/batch', { body: { entries } })).toEqual({ status: 426, body: OLD_ANSWER });
      expect(await asDevice(version, 'GET', '/api/sync/changes?since=0')).toEqual({ status: 426, body: OLD_ANSWER });
      expect(await asDevice(version, 'POST', '/api/files/lote')).toEqual({ status: 426, body: OLD_ANSWER });
    }
    expect(await countRows(test.server, 'cambios')).toBe(changes);
    expect(await countRows(test.server, 'idempotencia')).toBe(0);
    expect((await send(test.server, 'POST', '/api/sync/batch', { token: test.admin.token, body: { entries } })).body).toMatchObject({
      results: [{ status: 200 }],
    });
  });

  it('PV2: a single write that states version 1 is refused before it runs; a plain API call without the header is served', async () => {
    const refused = certification('Operador de grúa');
    expect(await asDevice('1', 'POST', CERTIFICACIONES, { body: refused, key: uuidV7() })).toEqual({ status: 426, body: OLD_ANSWER });
    expect((await send(test.server, 'GET', `${CERTIFICACIONES}/${refused.IdCertificacion}`, { token: test.admin.token })).body).toEqual({
      statusCode: 200,
      data: null,
    });
    const served = await asDevice(undefined, 'POST', CERTIFICACIONES, { body: certification('Operador de grúa'), key: uuidV7() });
    expect(served).toMatchObject({ status: 200, body: { message: 'Certificación creada correctamente' } });
  });

  it('PV4: a newer version than the server speaks is 503 PROTOCOLO_DESCONOCIDO (retried later), and a header that is not a version is old', async () => {
    expect(await asDevice(String(SYNC_PROTOCOL_VERSION + 1), 'GET', '/api/sync/changes?since=0')).toEqual({
      status: 503,
      body: { statusCode: 503, code: 'PROTOCOLO_DESCONOCIDO', message: SYNC_ERRORS.newerProtocol.message },
    });
    expect(await asDevice('dos', 'GET', '/api/sync/changes?since=0')).toEqual({ status: 426, body: OLD_ANSWER });
    expect((await asDevice(String(SYNC_PROTOCOL_VERSION), 'GET', '/api/sync/changes?since=0')).status).toBe(200);
  });

  it('PV3: an app the server no longer serves keeps its queue and says "actualiza"; the updated app then sends each write once', async () => {
    const store = new MemoryOutboxStore();
    const sent = [certification('Andamiero'), certification('Maestro soldador')];
    for (const body of sent) {
      await store.append(
        newOutboxEntry(
          { method: 'POST', path: CERTIFICACIONES, body, payloadVersion: 1, recordKey: `certificaciones:${body.IdCertificacion}` },
          uuidV7(),
          Date.now(),
        ),
      );
    }
    const queued = (await store.list({ limit: 10 })).map((entry) => entry.key);

    const oldApp = new Replayer({ store, transport: transportSpeaking(test.server, test.admin.token, 1) });
    expect(await oldApp.drain({ ignoreBackoff: true })).toMatchObject({ sent: 0, stop: 'update' });
    expect(oldApp.getState()).toMatchObject({
      updateRequired: true,
      lastError: { code: 'PROTOCOLO_ANTIGUO', message: SYNC_ERRORS.oldProtocol.message },
    });
    expect(await store.list({ limit: 10 })).toMatchObject(queued.map((key) => ({ key, state: 'pending' })));
    expect(await countRows(test.server, 'idempotencia')).toBe(0);
    oldApp.dispose();

    const updatedApp = new Replayer({ store, transport: transportSpeaking(test.server, test.admin.token, SYNC_PROTOCOL_VERSION) });
    expect(await updatedApp.drain({ ignoreBackoff: true })).toMatchObject({ sent: 2, stop: 'empty' });
    expect(updatedApp.getState().updateRequired).toBe(false);
    expect(await updatedApp.drain({ ignoreBackoff: true })).toMatchObject({ sent: 0, stop: 'empty' });
    const stored = await test.server.deps.db
      .selectFrom('certificaciones')
      .select('Nombre')
      .where(
        'IdCertificacion',
        'in',
        sent.map((body) => body.IdCertificacion),
      )
      .execute();
    expect(stored.map((row) => row.Nombre).sort()).toEqual(['Andamiero', 'Maestro soldador']);
    expect(await countRows(test.server, 'idempotencia')).toBe(2);
    updatedApp.dispose();
  });
});
