import { describe, expect, it, vi } from 'vitest';
import { FakeSyncServer, type FakeSyncServerOptions } from './fake-sync-server.ts';
import { classifyAnswer } from './fetch-transport.ts';
import { MemoryOutboxStore } from './memory-outbox-store.ts';
import { newOutboxEntry, type WriteRequest } from './outbox-entry.ts';
import type { PayloadVersioning } from './payload-upgrade.ts';
import { Replayer, type ReplayerOptions } from './replayer.ts';
import type { SyncState } from './sync-state.ts';
import { SYNC_LIMITS } from './sync-protocol.ts';
import type { Outcome, Transport } from './transport.ts';
import { createUuidV7Generator } from './uuid-v7.ts';

const SHA_A = 'a'.repeat(64);

function harness(options: { server?: FakeSyncServerOptions; replayer?: Partial<ReplayerOptions> } = {}) {
  const clock = { now: 1_000_000 };
  const timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const store = new MemoryOutboxStore();
  const server = new FakeSyncServer(options.server);
  const nextKey = createUuidV7Generator({ now: () => clock.now });
  const replayer = new Replayer({
    store,
    transport: server.transport,
    now: () => clock.now,
    random: () => 0.5,
    newKey: nextKey,
    setTimer: (fn, ms) => {
      const timer = { at: clock.now + ms, fn, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    ...options.replayer,
  });
  const enqueue = (write: Partial<WriteRequest> & { record?: string } = {}) => {
    const { record, ...rest } = write;
    return store.append(
      newOutboxEntry(
        { method: 'POST', path: `/api/trabajadores/${record ?? 'r1'}`, body: { n: Math.random() }, payloadVersion: 1, recordKey: `trabajadores:${record ?? 'r1'}`, ...rest },
        nextKey(),
        clock.now,
      ),
    );
  };
  /** Advances the clock to the next live timer and runs it. */
  const fireNextTimer = async () => {
    const timer = timers.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at)[0];
    if (!timer) throw new Error('no timer scheduled');
    timer.cancelled = true;
    clock.now = Math.max(clock.now, timer.at);
    timer.fn();
    await vi.waitFor(() => expect(replayer.getState().sending).toBe(false));
  };
  const liveTimers = () => timers.filter((t) => !t.cancelled);
  return { clock, store, server, replayer, enqueue, fireNextTimer, liveTimers };
}

const appliedKeys = (server: FakeSyncServer) => server.applied.map((write) => write.key);

describe('Replayer: order and batching', () => {
  it('RP1: sends entries in seq order in one batch and empties the outbox', async () => {
    const { store, server, replayer, enqueue } = harness();
    const entries = [await enqueue({ record: 'a' }), await enqueue({ record: 'b' }), await enqueue({ record: 'a' })];
    const result = await replayer.drain();
    expect(result).toEqual({ sent: 3, stop: 'empty' });
    expect(appliedKeys(server)).toEqual(entries.map((e) => e.key));
    expect(server.requests).toEqual(['POST /api/sync/batch (3)']);
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
  });

  it('RP5: sends at most 1000 entries per batch, the protocol\'s one limit', async () => {
    const { server, replayer, enqueue } = harness();
    for (let i = 0; i < 2500; i++) await enqueue({ record: `r${i % 7}` });
    await replayer.drain();
    expect(server.requests).toEqual(['POST /api/sync/batch (1000)', 'POST /api/sync/batch (1000)', 'POST /api/sync/batch (500)']);
    expect(server.applied).toHaveLength(2500);
  });

  it('RP5: keeps each batch under the protocol\'s byte limit; a bigger entry goes by itself', async () => {
    const { server, replayer, enqueue } = harness();
    const large = 'x'.repeat(10 * 1024 * 1024);
    await enqueue({ record: 'a', body: { Nota: large } });
    await enqueue({ record: 'b', body: { Nota: large } });
    await enqueue({ record: 'c', body: { Nota: large } });
    await enqueue({ record: 'd' });
    await replayer.drain();
    expect(server.requests).toEqual(['POST /api/sync/batch (2)', 'POST /api/sync/batch (2)']);
    expect(server.applied).toHaveLength(4);
  });

  it('RP6: a single entry goes as its own call', async () => {
    const { server, replayer, enqueue } = harness();
    const entry = await enqueue();
    await replayer.drain();
    expect(server.requests).toEqual(['POST /api/trabajadores/r1']);
    expect(appliedKeys(server)).toEqual([entry.key]);
  });

  it('RP6: a batch refused as a whole with 404 is replayed as single calls, in order', async () => {
    const { store, enqueue } = harness();
    const server = new FakeSyncServer();
    const transport: Transport = {
      ...server.transport,
      sendBatch: async () => ({ kind: 'failed', outcome: classifyAnswer(404, { statusCode: 404, message: 'Recurso no encontrado' }), fallback: true }),
    };
    const replayer = new Replayer({ store, transport });
    const entries = [await enqueue(), await enqueue({ record: 'r2' })];
    expect(await replayer.drain()).toMatchObject({ sent: 2, stop: 'empty' });
    expect(appliedKeys(server)).toEqual(entries.map((e) => e.key));
  });

  it('RP5: a batch cut short after the server committed part of it is resent and applied once', async () => {
    const { server, replayer, enqueue, store } = harness();
    const entries = [await enqueue(), await enqueue(), await enqueue()];
    server.failNext('partial-then-drop');
    expect(await replayer.drain()).toMatchObject({ sent: 0, stop: 'retry' });
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 3, stop: 'empty' });
    expect(appliedKeys(server)).toEqual(entries.map((e) => e.key));
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
  });

  it('RP5: entries without a result were not processed and go again without counting a failure', async () => {
    const { store, enqueue } = harness();
    const server = new FakeSyncServer();
    let calls = 0;
    const transport: Transport = {
      ...server.transport,
      sendBatch: async (entries) => {
        calls += 1;
        if (calls > 1) return server.transport.sendBatch(entries);
        const first = await server.transport.sendOne(entries[0]!);
        return { kind: 'ok', results: new Map([[entries[0]!.key, first]]) };
      },
    };
    const replayer = new Replayer({ store, transport });
    const [a, b, c] = [await enqueue(), await enqueue(), await enqueue()];
    const first = await replayer.drain();
    expect(first.sent).toBe(3);
    expect(appliedKeys(server)).toEqual([a!.key, b!.key, c!.key]);
  });

  it('RP1: runs the push under the injected lock with its name', async () => {
    const names: string[] = [];
    const { replayer, enqueue } = harness({
      replayer: {
        lockName: 'outbox:andes-hse-7',
        withLock: async (name, fn) => {
          names.push(name);
          return fn();
        },
      },
    });
    await enqueue();
    await replayer.requestSync();
    expect(names).toEqual(['outbox:andes-hse-7']);
  });
});

describe('Replayer: retriable failures', () => {
  it('RP3: a 5xx is retried with backoff and the entry keeps its key', async () => {
    const { clock, store, server, replayer, enqueue } = harness();
    const entry = await enqueue();
    server.failNext('server-error');
    expect(await replayer.drain()).toEqual({ sent: 0, stop: 'retry', nextAttemptAt: clock.now + 500 });
    const stored = await store.get(entry.key);
    expect(stored).toMatchObject({ key: entry.key, state: 'failed-retrying', attempts: 1, lastError: { status: 503, message: 'Servicio no disponible' } });

    server.failNext('server-error');
    clock.now += 500;
    expect(await replayer.drain()).toMatchObject({ stop: 'retry', nextAttemptAt: clock.now + 1000 });

    clock.now += 1000;
    expect(await replayer.drain()).toMatchObject({ sent: 1, stop: 'empty' });
    expect(appliedKeys(server)).toEqual([entry.key]);
  });

  it('RP3: backoff is full jitter capped at the policy maximum', async () => {
    const random = vi.fn(() => 0.999);
    const { clock, server, replayer, enqueue, store } = harness({ replayer: { random, backoff: { baseMs: 1000, capMs: 8000 } } });
    const entry = await enqueue();
    for (let i = 0; i < 6; i++) {
      server.failNext('drop-before');
      await replayer.drain({ ignoreBackoff: true });
    }
    const stored = await store.get(entry.key);
    expect(stored!.nextAttemptAt - clock.now).toBe(Math.floor(0.999 * 8000));
    expect(stored!.attempts).toBe(6);
    expect(stored!.key).toBe(entry.key);
  });

  it('RP3: a network error is retried and marks the device offline, an answer marks it online', async () => {
    const { server, replayer, enqueue } = harness();
    await enqueue();
    server.failNext('drop-before');
    await replayer.requestSync();
    expect(replayer.getState()).toMatchObject({ online: false, pending: 1, lastError: { status: 0 } });
    await replayer.requestSync({ ignoreBackoff: true });
    expect(replayer.getState()).toMatchObject({ online: true, pending: 0, lastError: null });
  });

  it("RP3: a 429's Retry-After is honoured even when the jitter is shorter", async () => {
    const { clock, store, enqueue } = harness();
    const server = new FakeSyncServer();
    const tooMany: Outcome = { ...classifyAnswer(429, { statusCode: 429, message: 'Demasiadas solicitudes' }), retryAfterMs: 30_000 };
    const transport: Transport = { ...server.transport, sendOne: async () => tooMany };
    const replayer = new Replayer({ store, transport, now: () => clock.now, random: () => 0 });
    const entry = await enqueue();
    await replayer.drain();
    expect((await store.get(entry.key))!.nextAttemptAt).toBe(clock.now + 30_000);
  });

  it('RP4: the first entry still backing off stops the drain; nothing overtakes it', async () => {
    const { server, replayer, enqueue, clock } = harness();
    const first = await enqueue({ record: 'a' });
    server.failNext('server-error');
    await replayer.drain();
    const later = await enqueue({ record: 'b' });
    expect(await replayer.drain()).toEqual({ sent: 0, stop: 'waiting', nextAttemptAt: clock.now + 500 });
    expect(server.applied).toEqual([]);
    clock.now += 500;
    await replayer.drain();
    expect(appliedKeys(server)).toEqual([first.key, later.key]);
  });

  it('RP12: after a failure the queue resumes by itself on a timer, without a reload', async () => {
    const { server, replayer, enqueue, fireNextTimer, liveTimers } = harness();
    const entry = await enqueue();
    server.failNext('drop-before', 'server-error');
    await replayer.requestSync();
    expect(liveTimers()).toHaveLength(1);
    await fireNextTimer();
    expect(server.applied).toEqual([]);
    await fireNextTimer();
    expect(appliedKeys(server)).toEqual([entry.key]);
    expect(liveTimers()).toHaveLength(0);
    expect(replayer.getState().lastSuccessAt).not.toBeNull();
  });

  it('RP12: triggers during a sync coalesce into one follow-up sync', async () => {
    const { store, enqueue } = harness();
    const server = new FakeSyncServer();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sends: number[] = [];
    const transport: Transport = {
      ...server.transport,
      sendOne: async (entry) => {
        sends.push(1);
        await gate;
        return server.transport.sendOne(entry);
      },
      sendBatch: async (entries) => {
        sends.push(entries.length);
        return server.transport.sendBatch(entries);
      },
    };
    const replayer = new Replayer({ store, transport });
    await enqueue();
    const first = replayer.requestSync();
    await vi.waitFor(() => expect(sends).toHaveLength(1));
    await enqueue();
    await enqueue();
    const again = [replayer.requestSync(), replayer.requestSync(), replayer.requestSync({ ignoreBackoff: true })];
    release();
    await Promise.all([first, ...again]);
    expect(sends).toEqual([1, 2]);
    expect(server.applied).toHaveLength(3);
  });

  it('RP13: the Sincronizar button sends at once, ignoring the backoff', async () => {
    const { server, replayer, enqueue } = harness();
    const entry = await enqueue();
    server.failNext('server-error');
    await replayer.requestSync();
    await replayer.requestSync();
    expect(server.applied).toEqual([]);
    await replayer.requestSync({ ignoreBackoff: true });
    expect(appliedKeys(server)).toEqual([entry.key]);
  });

  it('RP10: 409 EN_CURSO is retried, not dead-lettered', async () => {
    const { store, enqueue } = harness();
    const server = new FakeSyncServer();
    let first = true;
    const transport: Transport = {
      ...server.transport,
      sendOne: async (entry) => {
        if (!first) return server.transport.sendOne(entry);
        first = false;
        return classifyAnswer(409, { statusCode: 409, message: 'En proceso', code: 'EN_CURSO' });
      },
    };
    const replayer = new Replayer({ store, transport });
    const entry = await enqueue();
    expect(await replayer.drain()).toMatchObject({ stop: 'retry' });
    expect((await store.get(entry.key))!.state).toBe('failed-retrying');
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1 });
  });

  it('RP2: an entry left in sending by a closed tab is sent again with the same key, once', async () => {
    const { store, server, replayer, enqueue } = harness();
    const entry = await enqueue();
    server.failNext('crash-after');
    await expect(replayer.drain()).rejects.toThrow('the tab was closed');
    expect((await store.get(entry.key))!.state).toBe('sending');
    const nextTab = new Replayer({ store, transport: server.transport });
    expect(await nextTab.drain()).toMatchObject({ sent: 1, stop: 'empty' });
    expect(appliedKeys(server)).toEqual([entry.key]);
  });
});

describe('Replayer: session', () => {
  it('RP8: a 401 pauses the whole queue with its work intact until resume()', async () => {
    const { store, server, replayer, enqueue } = harness();
    const entries = [await enqueue({ record: 'a' }), await enqueue({ record: 'b' })];
    server.failNext('unauthorized');
    expect(await replayer.drain()).toMatchObject({ sent: 0, stop: 'paused' });
    expect(replayer.getState()).toMatchObject({ paused: true, pending: 2 });
    expect(await replayer.drain({ ignoreBackoff: true })).toEqual({ sent: 0, stop: 'paused' });
    await replayer.requestSync({ ignoreBackoff: true });
    expect(server.requests).toHaveLength(1);
    const kept = await store.list({ limit: 10 });
    expect(kept.map((e) => [e.key, e.body])).toEqual(entries.map((e) => [e.key, e.body]));

    await replayer.resume();
    expect(appliedKeys(server)).toEqual(entries.map((e) => e.key));
    expect(replayer.getState()).toMatchObject({ paused: false, pending: 0 });
  });

  it('OB10: pause() at sign-out keeps every entry and sends nothing', async () => {
    const { store, server, replayer, enqueue } = harness();
    await enqueue();
    replayer.pause();
    await replayer.requestSync({ ignoreBackoff: true });
    expect(server.requests).toEqual([]);
    expect(await store.counts()).toEqual({ queued: 1, dead: 0 });
  });
});

describe('Replayer: dead letters', () => {
  const refuseInvalid: FakeSyncServerOptions = {
    refuse: (entry) =>
      (entry.body as { invalid?: boolean }).invalid ? { status: 422, body: { statusCode: 422, message: 'El rut no es válido', code: 'VALIDACION' } } : undefined,
  };

  it("RP9: a permanent 4xx moves the entry to dead with the server's Spanish message", async () => {
    const { store, replayer, enqueue } = harness({ server: refuseInvalid });
    const entry = await enqueue({ body: { invalid: true } });
    await replayer.requestSync();
    expect(await store.listDead()).toEqual([expect.objectContaining({ key: entry.key, state: 'dead', lastError: { status: 422, message: 'El rut no es válido', code: 'VALIDACION' } })]);
    expect(replayer.getState()).toMatchObject({ dead: 1, pending: 0, lastError: { message: 'El rut no es válido' } });
  });

  it('RP9/CF4: 409 CONFLICTO is dead-lettered so the person sees it', async () => {
    const conflict = { status: 409, body: { statusCode: 409, message: 'Otra persona modificó este registro', code: 'CONFLICTO', current: { Version: 3 } } };
    const { store, replayer, enqueue } = harness({ server: { refuse: () => conflict } });
    await enqueue({ method: 'PUT', body: { Version: 2, Nombre: 'Ana' } });
    await replayer.drain();
    expect((await store.listDead())[0]!.lastError).toEqual({ status: 409, message: 'Otra persona modificó este registro', code: 'CONFLICTO' });
  });

  it('RP11: later entries of the same record and their dependants wait behind a dead entry; unrelated ones continue', async () => {
    const { store, server, replayer, enqueue } = harness({ server: refuseInvalid });
    const dead = await enqueue({ record: 'a', body: { invalid: true } });
    const sameRecord = await enqueue({ record: 'a' });
    const dependant = await enqueue({ record: 'child', dependsOn: [sameRecord.key] });
    const dependantOfDependant = await enqueue({ record: 'grandchild', dependsOn: [dependant.key] });
    const unrelated = await enqueue({ record: 'b' });
    expect(await replayer.drain()).toMatchObject({ sent: 1, stop: 'empty' });
    expect(appliedKeys(server)).toEqual([unrelated.key]);
    const waiting = await store.list({ limit: 10 });
    expect(waiting.map((e) => [e.key, e.state])).toEqual([
      [dead.key, 'dead'],
      [sameRecord.key, 'pending'],
      [dependant.key, 'pending'],
      [dependantOfDependant.key, 'pending'],
    ]);
  });

  it('RP15: a corrected body is resent with a new key, in its place, and the waiting entries follow in order', async () => {
    const { store, server, replayer, enqueue } = harness({ server: refuseInvalid });
    const dead = await enqueue({ record: 'a', body: { invalid: true } });
    const sameRecord = await enqueue({ record: 'a' });
    const dependant = await enqueue({ record: 'child', dependsOn: [dead.key] });
    await replayer.requestSync();
    const newKey = await replayer.resend(dead.key, { fixed: true });
    expect(newKey).not.toBe(dead.key);
    await vi.waitFor(() => expect(server.applied).toHaveLength(3));
    expect(appliedKeys(server)).toEqual([newKey, sameRecord.key, dependant.key]);
    expect(server.applied[0]!.body).toEqual({ fixed: true });
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
  });

  it('RP16: a discarded dead entry leaves on purpose and the entries waiting on it proceed', async () => {
    const { store, server, replayer, enqueue } = harness({ server: refuseInvalid });
    const dead = await enqueue({ record: 'a', body: { invalid: true } });
    const sameRecord = await enqueue({ record: 'a' });
    await replayer.requestSync();
    await replayer.discard(dead.key);
    await vi.waitFor(() => expect(appliedKeys(server)).toEqual([sameRecord.key]));
    expect(await store.get(dead.key)).toBeUndefined();
  });
});

describe('Replayer: files', () => {
  const photo = async (store: MemoryOutboxStore, sha256 = SHA_A) =>
    store.putFile({ sha256, type: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]).buffer as ArrayBuffer, uploaded: false });

  it('FL2: files are uploaded before the record that references them', async () => {
    const { store, server, replayer, enqueue } = harness();
    await photo(store);
    await enqueue({ body: { Archivos: [SHA_A] }, files: [{ sha256: SHA_A, type: 'image/jpeg' }] });
    await replayer.drain();
    expect(server.requests).toEqual([`PUT /api/files/${SHA_A}`, 'POST /api/trabajadores/r1']);
    expect(server.applied).toHaveLength(1);
    expect(server.files.get(SHA_A)?.type).toBe('image/jpeg');
    expect(await store.getFile(SHA_A)).toBeUndefined();
  });

  it('FL3: a failed upload keeps the record unsent, and an uploaded file is not sent twice', async () => {
    const { store, server, replayer, enqueue } = harness();
    await photo(store);
    await enqueue({ body: { Archivos: [SHA_A] }, files: [{ sha256: SHA_A, type: 'image/jpeg' }] });
    server.failNext('server-error');
    expect(await replayer.drain()).toMatchObject({ stop: 'retry' });
    expect(server.applied).toEqual([]);
    expect((await store.getFile(SHA_A))?.uploaded).toBe(false);
    server.failNext('none', 'drop-before');
    // The upload succeeds, then the record's call is lost: the file stays marked as uploaded.
    await replayer.drain({ ignoreBackoff: true });
    expect((await store.getFile(SHA_A))?.uploaded).toBe(true);
    await replayer.drain({ ignoreBackoff: true });
    expect(server.requests.filter((r) => r.startsWith('PUT'))).toHaveLength(2);
    expect(server.applied).toHaveLength(1);
  });

  it('FL4: ARCHIVO_PENDIENTE is retried after uploading the files again, never dead-lettered', async () => {
    const { store, server, replayer, enqueue } = harness();
    await photo(store);
    await enqueue({ body: { Archivos: [SHA_A] }, files: [{ sha256: SHA_A, type: 'image/jpeg' }] });
    await store.setFileUploaded(SHA_A, true); // the device believes it was sent, the server lost it
    expect(await replayer.drain()).toMatchObject({ stop: 'retry' });
    expect(await store.listDead()).toEqual([]);
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1 });
    expect(server.requests).toEqual(['POST /api/trabajadores/r1', `PUT /api/files/${SHA_A}`, 'POST /api/trabajadores/r1']);
  });

  it('FL5: a file missing on the device dead-letters its entry instead of sending the record without it', async () => {
    const { store, server, replayer, enqueue } = harness();
    await enqueue({ files: [{ sha256: SHA_A, type: 'image/jpeg' }] });
    await replayer.drain();
    expect(server.requests).toEqual([]);
    expect((await store.listDead())[0]!.lastError?.code).toBe('ARCHIVO_FALTANTE');
  });

  it('FL6: a big file the server already has is not uploaded again', async () => {
    const { store, enqueue } = harness();
    const server = new FakeSyncServer();
    server.files.set(SHA_A, { type: 'image/jpeg', bytes: new ArrayBuffer(3) });
    const replayer = new Replayer({ store, transport: { ...server.transport, fileExists: async (sha) => server.files.has(sha) } });
    await store.putFile({ sha256: SHA_A, type: 'image/jpeg', bytes: new ArrayBuffer(SYNC_LIMITS.fileHeadAboveBytes + 1), uploaded: false });
    await enqueue({ body: { Archivos: [SHA_A] }, files: [{ sha256: SHA_A, type: 'image/jpeg' }] });
    await replayer.drain();
    expect(server.requests).toEqual(['POST /api/trabajadores/r1']);
  });

  it('FL3: in a batch, a failed upload cuts the batch before the entry that needs it', async () => {
    const { store, server, replayer, enqueue } = harness();
    await photo(store);
    const before = await enqueue({ record: 'a' });
    await enqueue({ record: 'b', body: { Archivos: [SHA_A] }, files: [{ sha256: SHA_A, type: 'image/jpeg' }] });
    await enqueue({ record: 'c' });
    server.failNext('drop-before');
    expect(await replayer.drain()).toMatchObject({ sent: 1, stop: 'retry' });
    expect(appliedKeys(server)).toEqual([before.key]);
    expect(server.requests).toEqual([`PUT /api/files/${SHA_A}`, 'POST /api/trabajadores/a']);
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 2, stop: 'empty' });
  });
});

describe('Replayer: bulk file upload', () => {
  const sha = (n: number) => n.toString(16).padStart(64, '0');
  const signature = (store: MemoryOutboxStore, n: number, size = 100) =>
    store.putFile({ sha256: sha(n), type: 'image/png', bytes: new Uint8Array(size).fill(n).buffer as ArrayBuffer, uploaded: false });
  const signed = (n: number, record = `w${n}`) => ({ record, body: { Archivos: [sha(n)] }, files: [{ sha256: sha(n), type: 'image/png' }] });
  const fileRequests = (server: FakeSyncServer) => server.requests.filter((r) => r.includes('/api/files'));

  it('FL8: the files of the whole batch go up in one request, without HEAD, before the batch of records', async () => {
    const { store, server, enqueue } = harness();
    const fileExists = vi.fn(async () => false);
    const replayer = new Replayer({ store, transport: { ...server.transport, fileExists } });
    for (let n = 1; n <= 30; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    await enqueue(signed(1, 'w1')); // the same signature again: sent once
    expect(await replayer.drain()).toMatchObject({ sent: 31, stop: 'empty' });
    expect(server.requests).toEqual(['POST /api/files/lote (30)', 'POST /api/sync/batch (31)']);
    expect(fileExists).not.toHaveBeenCalled();
    expect(server.files.size).toBe(30);
    expect(await store.getFile(sha(1))).toBeUndefined();
  });

  it('FL8: bulk uploads are cut at the file and byte limits; a lone file and a big file go by PUT, the big one after HEAD', async () => {
    const { store, server, enqueue } = harness();
    const heads: string[] = [];
    const replayer = new Replayer({
      store,
      transport: { ...server.transport, fileExists: async (s) => (heads.push(s), false) },
      fileBatch: { maxFiles: 4, maxBytes: 3 * (1000 + 512) + 512, headAboveBytes: 5000 },
    });
    for (let n = 1; n <= 7; n++) {
      await signature(store, n, 1000);
      await enqueue(signed(n));
    }
    await signature(store, 8, 6000);
    await enqueue(signed(8));
    await replayer.drain();
    expect(fileRequests(server)).toEqual(['POST /api/files/lote (3)', 'POST /api/files/lote (3)', `PUT /api/files/${sha(7)}`, `PUT /api/files/${sha(8)}`]);
    expect(heads).toEqual([sha(8)]);
    expect(server.applied).toHaveLength(8);
  });

  it('FL8: a file is marked uploaded only by its own 2xx; a bulk answer without its result retries it', async () => {
    const { store, server, replayer, enqueue } = harness();
    await signature(store, 1);
    await signature(store, 2);
    await enqueue(signed(1));
    await enqueue(signed(2));
    const inner = server.transport.uploadFiles!;
    server.transport.uploadFiles = async (files) => {
      const answer = await inner(files);
      if (answer.kind === 'ok') answer.results.delete(sha(2));
      return answer;
    };
    expect(await replayer.drain()).toMatchObject({ sent: 1, stop: 'retry' });
    expect((await store.getFile(sha(2)))?.uploaded).toBe(false);
    expect(await store.listDead()).toEqual([]);
    server.transport.uploadFiles = inner;
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1, stop: 'empty' });
  });

  it('FL9: a file refused by the server dead-letters only the entries that need it; the rest of the batch proceeds', async () => {
    const bad = sha(2);
    const { store, server, replayer, enqueue } = harness({
      server: { refuseFile: (file) => (file.sha256 === bad ? { status: 415, body: { statusCode: 415, message: 'Tipo de archivo no permitido', code: 'TIPO_ARCHIVO' } } : undefined) },
    });
    for (let n = 1; n <= 3; n++) await signature(store, n);
    const first = await enqueue(signed(1));
    const refused = await enqueue(signed(2, 'w2'));
    const sameRecord = await enqueue({ record: 'w2', body: { Nombre: 'x' } });
    const child = await enqueue({ record: 'child', dependsOn: [refused.key] });
    const last = await enqueue(signed(3));
    expect(await replayer.drain()).toMatchObject({ sent: 2, stop: 'empty' });
    expect(appliedKeys(server)).toEqual([first.key, last.key]);
    const dead = await store.listDead();
    expect(dead.map((entry) => [entry.key, entry.lastError?.code])).toEqual([[refused.key, 'TIPO_ARCHIVO']]);
    expect((await store.get(sameRecord.key))?.state).toBe('pending');
    expect((await store.get(child.key))?.state).toBe('pending');
    expect(server.requests.filter((r) => r.startsWith('POST /api/files'))).toEqual(['POST /api/files/lote (3)']);
  });

  it('FL9: a network failure or 5xx of the bulk request retries the first entry that needs its files, with backoff, and nothing after it', async () => {
    const { store, server, replayer, enqueue } = harness();
    const plain = await enqueue({ record: 'p' });
    for (let n = 1; n <= 3; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    server.failNext('server-error');
    const result = await replayer.drain();
    expect(result).toMatchObject({ sent: 1, stop: 'retry' });
    expect(appliedKeys(server)).toEqual([plain.key]);
    expect(await store.counts()).toEqual({ queued: 3, dead: 0 });
    server.failNext('partial-then-drop');
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 0, stop: 'retry' });
    expect(await replayer.drain({ ignoreBackoff: true })).toMatchObject({ sent: 3, stop: 'empty' });
    expect(server.duplicateKeys()).toEqual([]);
  });

  it('FL9: a 401 to the bulk request pauses the queue (RP8)', async () => {
    const { store, server, replayer, enqueue } = harness();
    for (let n = 1; n <= 2; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    server.failNext('unauthorized');
    expect(await replayer.drain()).toMatchObject({ stop: 'paused' });
    expect(replayer.getState().paused).toBe(true);
    expect(server.applied).toEqual([]);
  });

  it('FL10: an old server without the bulk route (404) gets one PUT per file, and bulk is not asked again for a while', async () => {
    const { store, server, replayer, enqueue, clock } = harness({ server: { fileBatch: 'not-found' } });
    for (let n = 1; n <= 3; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    expect(await replayer.drain()).toMatchObject({ sent: 3, stop: 'empty' });
    expect(fileRequests(server)).toEqual(['POST /api/files/lote (3)', ...[1, 2, 3].map((n) => `PUT /api/files/${sha(n)}`)]);
    expect(replayer.getState().lastError).toBeNull();
    for (let n = 4; n <= 5; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    await replayer.drain();
    expect(fileRequests(server).slice(4)).toEqual([`PUT /api/files/${sha(4)}`, `PUT /api/files/${sha(5)}`]);
    clock.now += 11 * 60_000;
    for (let n = 6; n <= 7; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    await replayer.drain();
    expect(fileRequests(server)[6]).toBe('POST /api/files/lote (2)');
  });

  it('FL10: a transport without bulk upload sends each file by its own PUT', async () => {
    const { store, server, enqueue } = harness();
    const { uploadFiles: _ignored, ...single } = server.transport;
    const replayer = new Replayer({ store, transport: single });
    for (let n = 1; n <= 2; n++) {
      await signature(store, n);
      await enqueue(signed(n));
    }
    expect(await replayer.drain()).toMatchObject({ sent: 2, stop: 'empty' });
    expect(fileRequests(server)).toEqual([`PUT /api/files/${sha(1)}`, `PUT /api/files/${sha(2)}`]);
  });
});

describe('Replayer: payload versions', () => {
  const versioning: PayloadVersioning = {
    currentVersion: 3,
    upgraders: {
      1: (payload) => ({ ...payload, body: { ...(payload.body as object), Nombres: (payload.body as { Nombre: string }).Nombre } }),
      2: (payload) => ({ ...payload, path: payload.path.replace('/api/trabajadores/', '/api/trabajadores/v3/') }),
    },
  };

  it('OB8: queued entries from an older app are upgraded step by step before they are sent, keeping key and seq', async () => {
    const { store, server, replayer, enqueue } = harness({ replayer: { payload: versioning } });
    const entry = await enqueue({ body: { Nombre: 'Ana' } });
    await replayer.drain();
    expect(server.applied).toEqual([{ key: entry.key, method: 'POST', path: '/api/trabajadores/v3/r1', body: { Nombre: 'Ana', Nombres: 'Ana' } }]);
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
  });

  it('OB8: an entry with no upgrader path is dead-lettered with a message, never dropped', async () => {
    const { store, server, replayer, enqueue } = harness({ replayer: { payload: { currentVersion: 3, upgraders: {} } } });
    const entry = await enqueue();
    await replayer.drain();
    expect(server.requests).toEqual([]);
    expect(await store.listDead()).toEqual([expect.objectContaining({ key: entry.key, lastError: expect.objectContaining({ code: 'VERSION_SIN_ADAPTADOR' }) })]);
  });

  it('OB8: an entry upgraded after its old body reached the server counts as sent on IDEMPOTENCIA_DISTINTA', async () => {
    const { store, enqueue } = harness();
    const server = new FakeSyncServer();
    const old = new Replayer({ store, transport: server.transport });
    const entry = await enqueue({ body: { Nombre: 'Ana' } });
    server.failNext('drop-after');
    await old.drain();
    const updated = new Replayer({ store, transport: server.transport, payload: versioning });
    expect(await updated.drain({ ignoreBackoff: true })).toMatchObject({ sent: 1, stop: 'empty' });
    expect(appliedKeys(server)).toEqual([entry.key]);
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
  });
});

describe('Replayer: state and pull', () => {
  it('RP14: publishes pending, sending, dead, paused, online and the last success to subscribers', async () => {
    const { server, replayer, enqueue, clock } = harness();
    const states: SyncState[] = [];
    replayer.subscribe((state) => states.push(state));
    await enqueue();
    await replayer.refresh();
    expect(replayer.getState()).toMatchObject({ pending: 1, dead: 0, sending: false, paused: false, online: true, lastSuccessAt: null });
    server.failNext('drop-before');
    await replayer.requestSync();
    expect(states.some((s) => s.sending)).toBe(true);
    expect(replayer.getState()).toMatchObject({ online: false, lastSuccessAt: null });
    clock.now += 10_000;
    await replayer.requestSync();
    expect(replayer.getState()).toMatchObject({ online: true, pending: 0, sending: false, lastSuccessAt: clock.now, lastError: null });
  });

  it('PL1: pulls after the push, and not while paused', async () => {
    const order: string[] = [];
    const { server, replayer, enqueue } = harness({
      replayer: {
        pull: async () => {
          order.push('pull');
          return { kind: 'ok' };
        },
      },
    });
    const originalSend = server.transport.sendOne;
    server.transport.sendOne = async (entry) => {
      order.push('push');
      return originalSend(entry);
    };
    await enqueue();
    await replayer.requestSync();
    expect(order).toEqual(['push', 'pull']);
    await enqueue();
    server.failNext('unauthorized');
    await replayer.requestSync();
    expect(order).toEqual(['push', 'pull', 'push']);
  });

  it('PL1: a pull answered 401 pauses the queue', async () => {
    const { replayer } = harness({ replayer: { pull: async () => ({ kind: 'failed', outcome: classifyAnswer(401, null) }) } });
    await replayer.requestSync();
    expect(replayer.getState().paused).toBe(true);
  });
});

