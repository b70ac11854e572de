import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { emptyChangeLog } from './support/empty-change-log.ts';
import { countRows, newKey, profileBody, profilePath, send, sendBatch, userVersion, type BatchEntry } from './support/sync-harness.ts';

let server: TestServer;
let supervisor: { token: string; userId: number };
beforeEach(async () => {
  server = await startTestServer();
  await emptyChangeLog(server);
  supervisor = await server.login('supervisor@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

/** A queue as a device would hold it after a day offline: good writes, mistakes, a replay and a reused key. */
function queue(userId: number): BatchEntry[] {
  const mine = profilePath(userId, ANDES.id);
  return [
    { key: 'k1', method: 'PUT', path: mine, body: profileBody({ Nombres: 'Uno' }) },
    { key: 'k2', method: 'PUT', path: mine, body: profileBody({ Nombres: '' }) },
    { key: 'k3', method: 'PUT', path: profilePath(userId + 1, ANDES.id), body: profileBody() },
    { key: 'k4', method: 'PUT', path: profilePath(userId, PACIFICO.id), body: profileBody() },
    { key: 'k5', method: 'POST', path: '/api/no-existe', body: {} },
    { key: 'k6', method: 'PUT', path: mine, body: profileBody({ Nombres: 'Dos', TelefonoPersona: 'llámame' }) },
    { key: 'k7', method: 'PUT', path: mine, body: profileBody({ Nombres: 'Tres' }) },
    { key: 'k1', method: 'PUT', path: mine, body: profileBody({ Nombres: 'Uno' }) },
    { key: 'k8', method: 'PUT', path: mine, body: profileBody({ Nombres: 'Cuatro' }) },
    { key: 'k7', method: 'PUT', path: mine, body: profileBody({ Nombres: 'Otro' }) },
  ];
}

/** Sends the queue as the outbox does: a batch, then the rest after the entry the server stopped at. */
async function drain(target: TestServer, token: string, entries: BatchEntry[]) {
  const rounds: { key: string; status: number; body: unknown }[][] = [];
  let rest = entries;
  while (rest.length > 0) {
    const answer = await sendBatch(target, token, rest);
    expect(answer.status).toBe(200);
    expect(answer.body.results.length).toBeGreaterThan(0);
    rounds.push(answer.body.results);
    rest = rest.slice(answer.body.results.length);
  }
  return rounds;
}

describe('POST /api/sync/batch', () => {
  it('answers every entry exactly as its single REST call with Idempotency-Key would, in order', async () => {
    const entries = queue(supervisor.userId);
    const rounds = await drain(server, supervisor.token, entries);

    // The same queue sent one call at a time to a second, identical server.
    const twin = await startTestServer();
    await emptyChangeLog(twin);
    try {
      const twinSupervisor = await twin.login('supervisor@andesdemo.cl');
      const single = [];
      for (const entry of entries) {
        const res = await send(twin, entry.method, entry.path, { token: twinSupervisor.token, key: entry.key, body: entry.body });
        single.push({ key: entry.key, status: res.status, body: res.body });
      }
      expect(rounds.flat()).toEqual(single);
    } finally {
      await twin.close();
    }

    // Each batch stopped right after its first entry that was not 2xx.
    expect(rounds.map((round) => round.map((result) => `${result.key}:${result.status}`).join(' '))).toEqual([
      'k1:200 k2:400',
      'k3:403',
      'k4:403',
      'k5:404',
      'k6:400',
      'k7:200 k1:200 k8:200 k7:422',
    ]);
    expect(rounds[0]?.[1]?.body).toEqual({ statusCode: 400, message: 'El nombre es requerido', code: 'VALIDACION' });
    expect(rounds[5]?.[1]?.body).toEqual(rounds[0]?.[0]?.body);
    // Applied in order: the log holds the three writes in device order, the replay of k1 wrote nothing.
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toMatchObject({ Nombres: 'Cuatro' });
    const log = await server.deps.db.selectFrom('cambios').select(['Seq', 'Fila']).orderBy('Seq').execute();
    expect(log.map((row) => (JSON.parse(row.Fila ?? 'null') as { Nombres: string }).Nombres)).toEqual(['Uno', 'Tres', 'Cuatro']);
  });

  it('runs nothing after the first entry that did not succeed, so no later write overtakes it', async () => {
    const mine = profilePath(supervisor.userId, ANDES.id);
    const answer = await sendBatch(server, supervisor.token, [
      { key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres: 'Antes' }) },
      { key: newKey(), method: 'PUT', path: mine, body: profileBody({ TelefonoPersona: 'mal' }) },
      { key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres: 'Después' }) },
    ]);
    expect(answer.body.results.map((result) => result.status)).toEqual([200, 400]);
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Antes');
    expect(await countRows(server, 'cambios')).toBe(1);
  });

  it('is itself safe to resend: a batch whose answer was lost returns the stored answers and writes nothing twice', async () => {
    const mine = profilePath(supervisor.userId, ANDES.id);
    const entries = [1, 2, 3].map((n) => ({ key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres: `Lote ${n}` }) }));
    const first = await sendBatch(server, supervisor.token, entries);
    expect(first.body.results.map((result) => result.status)).toEqual([200, 200, 200]);
    const version = await userVersion(server, ANDES.id, supervisor.userId);
    const again = await sendBatch(server, supervisor.token, entries);
    expect(again.body).toEqual(first.body);
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual(version);
    expect(await countRows(server, 'cambios')).toBe(3);

    // And a single call with a key that went in a batch gets the batch's answer.
    const single = await send(server, 'PUT', mine, { token: supervisor.token, key: entries[1]?.key, body: entries[1]?.body });
    expect({ status: single.status, body: single.body }).toEqual({ status: 200, body: first.body.results[1]?.body });
    expect(single.headers.get('Idempotency-Replayed')).toBe('true');
  });

  it('answers gzipped when the device takes gzip (the batch compresses its own answer), and plain otherwise', async () => {
    const mine = profilePath(supervisor.userId, ANDES.id);
    const entries = [1, 2, 3, 4].map((n) => ({ key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres: `Gzip ${n}` }) }));
    const request = (acceptEncoding: string) =>
      server.app.request('/api/sync/batch', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${supervisor.token}`,
          'Content-Type': 'application/json',
          'Accept-Encoding': acceptEncoding,
          [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
        },
        body: JSON.stringify({ entries }),
      });
    const zipped = await request('gzip, deflate');
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped.headers.get('Vary')).toBe('Accept-Encoding');
    const answer = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')) as { results: { status: number }[] };
    expect(answer.results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    // The same batch again (its answers replayed), from a client that refuses gzip: the same answer, as plain JSON.
    const plain = await request('gzip;q=0, identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.json()).toEqual(answer);
  });

  it('runs the entries as the caller: the token company scopes every entry and its keys', async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const key = newKey();
    await sendBatch(server, supervisor.token, [{ key, method: 'PUT', path: profilePath(supervisor.userId, ANDES.id), body: profileBody({ Nombres: 'Andes' }) }]);
    const theirs = await sendBatch(server, pacifico.token, [
      { key, method: 'PUT', path: profilePath(pacifico.userId, PACIFICO.id), body: profileBody({ Nombres: 'Pacífico' }) },
      { key: newKey(), method: 'PUT', path: profilePath(supervisor.userId, ANDES.id), body: profileBody({ Nombres: 'Intruso' }) },
    ]);
    expect(theirs.body.results.map((result) => result.status)).toEqual([200, 403]);
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Andes');
  });

  it('requires a session', async () => {
    const res = await send(server, 'POST', '/api/sync/batch', { body: { entries: [] } });
    expect(res.status).toBe(401);
  });

  it('rejects malformed batches with a Spanish 400 and runs none of their entries', async () => {
    const good = { key: newKey(), method: 'PUT', path: profilePath(supervisor.userId, ANDES.id), body: profileBody({ Nombres: 'No debe' }) };
    const cases: [unknown, string][] = [
      [{}, 'El lote debe traer una lista de escrituras (entries)'],
      [{ entries: 'x' }, 'El lote debe traer una lista de escrituras (entries)'],
      [{ entries: [] }, 'El lote debe traer una lista de escrituras (entries)'],
      [{ entries: Array.from({ length: 1001 }, () => good) }, 'El lote no puede tener más de 1000 escrituras'],
      [{ entries: [good, 'x'] }, 'Cada escritura del lote debe ser un objeto { key, method, path, body }'],
      [{ entries: [good, { method: 'PUT', path: '/api/perfil/x' }] }, 'Cada escritura del lote necesita su clave (key)'],
      [{ entries: [good, { key: 'a b', method: 'PUT', path: '/api/perfil/x' }] }, 'La clave de la escritura no es válida'],
      [{ entries: [good, { key: 'k', path: '/api/perfil/x' }] }, 'El método de la escritura debe ser POST, PUT, PATCH o DELETE'],
      [{ entries: [good, { key: 'k', method: 'GET', path: '/api/perfil/x' }] }, 'El método de la escritura debe ser POST, PUT, PATCH o DELETE'],
      [{ entries: [good, { key: 'k', method: 'PUT' }] }, 'Cada escritura del lote necesita su ruta (path)'],
      ...['/perfil/x', 'https://otro.example/api/perfil/x', '/api/auth/login', '/api/sync/batch', '/api/../api/auth/login', '/api/%61uth/login', '/api/sync/batch/'].map(
        (path): [unknown, string] => [{ entries: [good, { key: 'k', method: 'POST', path }] }, 'La ruta de la escritura debe comenzar con /api/ y no puede ser de sesión ni otro lote'],
      ),
    ];
    for (const [body, message] of cases) {
      const res = await send(server, 'POST', '/api/sync/batch', { token: supervisor.token, body });
      expect(res.body, JSON.stringify(body).slice(0, 200)).toEqual({ statusCode: 400, message, code: 'VALIDACION' });
    }
    const notJson = await send(server, 'POST', '/api/sync/batch', { token: supervisor.token, body: '{"entries": [' });
    expect(notJson.body).toEqual({ statusCode: 400, message: 'El cuerpo de la solicitud no es un JSON válido' });
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Nombres).toBe('Jorge');
    expect(await countRows(server, 'idempotencia')).toBe(0);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = await server.request<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>('GET', '/api/openapi.json');
    expect(spec.body.paths['/api/sync/batch']?.post?.requestBody).toBeDefined();
    expect(spec.body.paths['/api/sync/changes']?.get).toBeDefined();
    expect(spec.body.paths['/api/files/{sha256}']?.put).toBeDefined();
  });
});
