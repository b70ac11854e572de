import { describe, expect, it } from 'vitest';
import { pruneExpired, startRetentionJob } from '#server/sync/retention.ts';
import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { MemoryOutboxStore } from '#sync/outbox/memory-outbox-store.ts';
import { newOutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { pullChanges, type PullTarget } from '#sync/outbox/pull.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import { SENT_AT_HEADER, SYNC_ERRORS, SYNC_MESSAGES, SYNC_RETENTION } from '#sync/outbox/sync-protocol.ts';
import { createUuidV7Generator, uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { serverForEachTest } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';

const test = serverForEachTest();
const DAY = 24 * 60 * 60 * 1000;
const CERTIFICACIONES = '/api/certificaciones';
const certification = (name: string) => ({ IdCertificacion: uuidV7(), Nombre: name, Emisor: 'Mutual', Vence: 1, VigenciaMeses: 24 });

/** Keys made on a device whose clock reads `deviceNow()`, as the outbox makes them (OB3). */
function deviceAt(deviceNow: () => number) {
  const newKey = createUuidV7Generator({ now: deviceNow });
  const write = (method: string, url: string, body: unknown, key = newKey()) =>
    send(test.server, method, url, { token: test.admin.token, body, key, headers: { [SENT_AT_HEADER]: String(deviceNow()) } });
  return { newKey, write };
}

const serverNow = () => test.server.clock.now().getTime();
const changeSeqs = async () =>
  (await test.server.deps.db.selectFrom('cambios').select('Seq').orderBy('Seq').execute()).map((row) => row.Seq);
const certificationRow = (id: string) =>
  test.server.deps.db.selectFrom('certificaciones').selectAll().where('IdCertificacion', '=', id).executeTakeFirstOrThrow();

let certified = 0;

/** A certification created and then edited (Emisor → ACHS) by a device on day 0, both applied; returns the edit's key and body. */
async function editedOnDayZero() {
  const device = deviceAt(serverNow);
  const created = certification(`Rigger nivel ${++certified}`);
  const createKey = device.newKey();
  expect((await device.write('POST', CERTIFICACIONES, created, createKey)).status).toBe(200);
  const edit = { IdCertificacion: created.IdCertificacion, Version: 1, Emisor: 'ACHS' };
  const key = device.newKey();
  expect((await device.write('PUT', CERTIFICACIONES, edit, key)).body).toMatchObject({
    statusCode: 200,
    data: { Emisor: 'ACHS', Version: 2 },
  });
  return { created, createKey, edit, key };
}

/** Days pass; the person signs in again (a session lasts 8 hours). */
async function passDays(days: number) {
  test.server.clock.advance(days * DAY);
  test.admin = await test.server.login('admin@andesdemo.cl');
}

/** 91 days pass and the retention job runs: the ledger forgets day 0's keys. */
async function ninetyOneDaysLater() {
  await passDays(SYNC_RETENTION.keepDays + 1);
  await pruneExpired(test.server.deps.db, test.server.clock.now());
  expect(await countRows(test.server, 'idempotencia')).toBe(0);
}

describe('retention of the ledger and the change log (RT2)', () => {
  it('RT2: forgets keys and changes older than 90 days, a chunk at a time, keeps newer ones, and moves the change log horizon', async () => {
    const device = deviceAt(serverNow);
    for (const name of ['Andamiero', 'Maestro soldador', 'Operador de grúa'])
      await device.write('POST', CERTIFICACIONES, certification(name));
    const dayZeroSeqs = await changeSeqs();
    await passDays(89);
    const kept = await device.write('POST', CERTIFICACIONES, certification('Buzo táctico'));
    expect(kept.status).toBe(200);
    expect(await pruneExpired(test.server.deps.db, test.server.clock.now(), { chunkRows: 2 })).toEqual({ keys: 0, changes: 0 });

    await passDays(2);
    let pauses = 0;
    const pruned = await pruneExpired(test.server.deps.db, test.server.clock.now(), {
      chunkRows: 2,
      pause: async () => void (pauses += 1),
    });
    expect(pruned).toEqual({ keys: 3, changes: dayZeroSeqs.length });
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(dayZeroSeqs.length / 2));
    expect(await countRows(test.server, 'idempotencia')).toBe(1);
    expect(await changeSeqs()).toEqual([dayZeroSeqs.at(-1)! + 1]);
    const horizon = await test.server.deps.db.selectFrom('retencion_cambios').select('DesdeSeq').executeTakeFirstOrThrow();
    expect(horizon.DesdeSeq).toBe(dayZeroSeqs.at(-1)! + 1);
  });

  it('RT2: the server process prunes when it starts and then on its schedule', async () => {
    await deviceAt(serverNow).write('POST', CERTIFICACIONES, certification('Andamiero'));
    test.server.clock.advance(91 * DAY);
    const job = startRetentionJob(test.server.deps.db, test.server.clock.now, 60_000);
    await job.ready;
    job.stop();
    expect(await countRows(test.server, 'idempotencia')).toBe(0);
    expect(await countRows(test.server, 'cambios')).toBe(0);
  });
});

describe('a write replayed after the ledger forgot its key (RT3)', () => {
  it('RT3: one the server already holds counts as applied: 200 with its row, and no conflict, change or new version', async () => {
    const device = deviceAt(serverNow);
    const created = certification('Andamiero');
    const createKey = device.newKey();
    expect((await device.write('POST', CERTIFICACIONES, created, createKey)).status).toBe(200);
    const { created: edited, edit, key } = await editedOnDayZero();
    await ninetyOneDaysLater();
    const changes = await countRows(test.server, 'cambios');

    // A create is answered CONFLICTO by the module (its id exists); the server's row holds what it sent.
    const createdAgain = await deviceAt(serverNow).write('POST', CERTIFICACIONES, created, createKey);
    expect(createdAgain).toMatchObject({
      status: 200,
      body: { statusCode: 200, message: SYNC_MESSAGES.alreadyApplied, data: { ...created, Version: 1 } },
    });
    // An edit whose values the record holds changes nothing, as every edit (CF2).
    const editedAgain = await deviceAt(serverNow).write('PUT', CERTIFICACIONES, edit, key);
    expect(editedAgain).toMatchObject({ status: 200, body: { statusCode: 200, data: { Emisor: 'ACHS', Version: 2 } } });

    expect(await certificationRow(edited.IdCertificacion)).toMatchObject({ Emisor: 'ACHS', Version: 2 });
    expect(await countRows(test.server, 'conflictos')).toBe(0);
    expect(await countRows(test.server, 'cambios')).toBe(changes);
    // The verdict is ledgered like any applied write: a further replay gets the same answer.
    const thirdTime = await deviceAt(serverNow).write('POST', CERTIFICACIONES, created, createKey);
    expect(thirdTime.headers.get('Idempotency-Replayed')).toBe('true');
    expect(thirdTime.body).toEqual(createdAgain.body);
  });

  it('RT3: a create replayed after its record was edited is not the record any more: dead-lettered, not applied again', async () => {
    const { created, createKey } = await editedOnDayZero();
    await ninetyOneDaysLater();
    const replay = await deviceAt(serverNow).write('POST', CERTIFICACIONES, created, createKey);
    expect(replay).toMatchObject({ status: 409, body: { code: 'ESCRITURA_VENCIDA' } });
    expect(await certificationRow(created.IdCertificacion)).toMatchObject({ Emisor: 'ACHS', Version: 2 });
    expect(await countRows(test.server, 'conflictos')).toBe(0);
  });

  it('RT3: one the record has moved on from is 409 ESCRITURA_VENCIDA, with nothing stored; never applied twice', async () => {
    const { created, edit, key } = await editedOnDayZero();
    const office = deviceAt(serverNow);
    expect(
      (await office.write('PUT', CERTIFICACIONES, { IdCertificacion: created.IdCertificacion, Version: 2, Emisor: 'IST' })).status,
    ).toBe(200);
    await ninetyOneDaysLater();
    const changes = await countRows(test.server, 'cambios');
    const replay = await deviceAt(serverNow).write('PUT', CERTIFICACIONES, edit, key);
    expect(replay).toMatchObject({
      status: 409,
      body: { statusCode: 409, code: 'ESCRITURA_VENCIDA', message: SYNC_ERRORS.staleWrite.message },
    });
    expect(await certificationRow(created.IdCertificacion)).toMatchObject({ Emisor: 'IST', Version: 3 });
    expect(await countRows(test.server, 'conflictos')).toBe(0);
    expect(await countRows(test.server, 'cambios')).toBe(changes);
    expect(await countRows(test.server, 'idempotencia')).toBe(0);
  });

  it('RT3: an old write the server never received is applied as normal; a fresh one that conflicts is still CONFLICTO', async () => {
    const seventyDaysAgo = deviceAt(() => serverNow() - 70 * DAY);
    const created = certification('Andamiero');
    const key = seventyDaysAgo.newKey();
    const late = await send(test.server, 'POST', CERTIFICACIONES, {
      token: test.admin.token,
      body: created,
      key,
      headers: { [SENT_AT_HEADER]: String(serverNow()) },
    });
    expect(late.body).toMatchObject({ statusCode: 200, message: 'Certificación creada correctamente' });

    const today = deviceAt(serverNow);
    expect(
      (await today.write('PUT', CERTIFICACIONES, { IdCertificacion: created.IdCertificacion, Version: 1, Emisor: 'ACHS' })).status,
    ).toBe(200);
    const conflicting = await today.write('PUT', CERTIFICACIONES, { IdCertificacion: created.IdCertificacion, Version: 1, Emisor: 'IST' });
    expect(conflicting.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
    expect(await countRows(test.server, 'conflictos')).toBe(1);
  });

  it("RT3: a write's age is read on the device's own clock: a device 100 days behind is not stale", async () => {
    const { created } = await editedOnDayZero();
    const behind = deviceAt(() => serverNow() - 100 * DAY);
    const conflicting = await behind.write('PUT', CERTIFICACIONES, { IdCertificacion: created.IdCertificacion, Version: 1, Emisor: 'IST' });
    expect(conflicting.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO' });
  });

  it("RT3: inside a batch, each entry is judged with the batch's sent-at", async () => {
    const device = deviceAt(serverNow);
    const created = certification('Andamiero');
    const key = device.newKey();
    await device.write('POST', CERTIFICACIONES, created, key);
    const { created: other, edit: otherEdit, key: otherKey } = await editedOnDayZero();
    await send(test.server, 'PUT', CERTIFICACIONES, {
      token: test.admin.token,
      body: { IdCertificacion: other.IdCertificacion, Version: 2, Emisor: 'IST' },
    });
    await ninetyOneDaysLater();
    const answer = await send<{ results: { key: string; status: number; body: { code?: string; message: string } }[] }>(
      test.server,
      'POST',
      '/api/sync/batch',
      {
        token: test.admin.token,
        body: {
          entries: [
            { key, method: 'POST', path: CERTIFICACIONES, body: created },
            { key: otherKey, method: 'PUT', path: CERTIFICACIONES, body: otherEdit },
          ],
        },
        headers: { [SENT_AT_HEADER]: String(serverNow()) },
      },
    );
    expect(answer.body.results).toMatchObject([
      { key, status: 200, body: { message: SYNC_MESSAGES.alreadyApplied } },
      { key: otherKey, status: 409, body: { code: 'ESCRITURA_VENCIDA' } },
    ]);
    expect(await certificationRow(other.IdCertificacion)).toMatchObject({ Emisor: 'IST' });
  });

  it('RT3: the outbox sets a stale write aside with its message for the person, and sends the rest once', async () => {
    const { created, edit, key } = await editedOnDayZero();
    await send(test.server, 'PUT', CERTIFICACIONES, {
      token: test.admin.token,
      body: { IdCertificacion: created.IdCertificacion, Version: 2, Emisor: 'IST' },
    });
    await ninetyOneDaysLater();
    const store = new MemoryOutboxStore();
    const dayZero = serverNow() - 91 * DAY;
    await store.append(
      newOutboxEntry(
        { method: 'PUT', path: CERTIFICACIONES, body: edit, payloadVersion: 1, recordKey: `certificaciones:${created.IdCertificacion}` },
        key,
        dayZero,
      ),
    );
    const fresh = certification('Andamiero');
    await store.append(
      newOutboxEntry(
        { method: 'POST', path: CERTIFICACIONES, body: fresh, payloadVersion: 1, recordKey: `certificaciones:${fresh.IdCertificacion}` },
        uuidV7(),
        serverNow(),
      ),
    );
    const transport = new FetchTransport({
      getToken: () => test.admin.token,
      now: serverNow,
      fetch: (input, init) => Promise.resolve(test.server.app.request(String(input), init)),
    });
    const replayer = new Replayer({ store, transport, now: serverNow });
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1, stop: 'empty' });
    expect(await store.listDead()).toMatchObject([
      { key, state: 'dead', lastError: { status: 409, code: 'ESCRITURA_VENCIDA', message: SYNC_ERRORS.staleWrite.message } },
    ]);
    expect(await certificationRow(fresh.IdCertificacion)).toMatchObject({ Nombre: 'Andamiero' });
    replayer.dispose();
  });
});

/** The device's side of a pull, kept in memory: what it holds, its cursor and the resets it was told to do. */
function deviceTables(store: MemoryOutboxStore) {
  const rows = new Map<string, Record<string, unknown>>();
  let cursor: string | null = null;
  const resets: string[][] = [];
  const target: PullTarget = {
    transaction: (fn) => fn(),
    getCursor: async () => cursor,
    setCursor: async (next) => void (cursor = next),
    hasQueuedWrites: (table, id) => store.hasEntriesFor(`${table}:${id}`),
    applyUpsert: async (table, id, row) => void rows.set(`${table}:${id}`, row),
    applyDelete: async (table, id) => void rows.delete(`${table}:${id}`),
    reset: async (tables) => void resets.push([...tables]),
  };
  return { target, rows, resets, cursor: () => cursor };
}

describe('a device whose pull cursor is older than the change log (RT4)', () => {
  it('RT4: is told to reset, restarts its pull from the newest change, and its queued writes stay and then go once', async () => {
    const store = new MemoryOutboxStore();
    const device = deviceTables(store);
    const transport = new FetchTransport({
      getToken: () => test.admin.token,
      now: serverNow,
      fetch: (input, init) => Promise.resolve(test.server.app.request(String(input), init)),
    });
    expect(await pullChanges(transport, device.target, { resetTables: ['certificaciones'] })).toMatchObject({ kind: 'ok' });
    expect(device.resets).toEqual([]);
    const oldCursor = device.cursor();

    await editedOnDayZero();
    await ninetyOneDaysLater();
    const queued = certification('Andamiero');
    await store.append(
      newOutboxEntry(
        { method: 'POST', path: CERTIFICACIONES, body: queued, payloadVersion: 1, recordKey: `certificaciones:${queued.IdCertificacion}` },
        uuidV7(),
        serverNow(),
      ),
    );

    expect(await pullChanges(transport, device.target, { resetTables: ['certificaciones'] })).toMatchObject({ kind: 'ok' });
    expect(device.resets).toEqual([['certificaciones']]);
    expect(Number(device.cursor())).toBeGreaterThan(Number(oldCursor));
    expect(await store.counts()).toMatchObject({ queued: 1, dead: 0 });

    const replayer = new Replayer({ store, transport, now: serverNow });
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1, stop: 'empty' });
    expect(await certificationRow(queued.IdCertificacion)).toMatchObject({ Nombre: 'Andamiero', Version: 1 });
    replayer.dispose();
  });
});
