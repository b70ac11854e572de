import { describe, expect, it } from 'vitest';
import { newOutboxEntry, type NewOutboxEntry, type StoredFile, type WriteRequest } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';
import { createUuidV7Generator } from './uuid-v7.ts';

export interface OutboxStoreHarness {
  store: OutboxStore;
  close?: () => Promise<void>;
}

const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);
const ERROR = { status: 422, message: 'El rut no es válido', code: 'VALIDACION' };

function write(overrides: Partial<WriteRequest> = {}): WriteRequest {
  return { method: 'POST', path: '/api/trabajadores/newtrabajadores2/76123456', body: { Nombre: 'Ana' }, payloadVersion: 1, ...overrides };
}

function file(sha256: string, text = 'foto'): StoredFile {
  return { sha256, type: 'image/jpeg', bytes: new TextEncoder().encode(text).buffer as ArrayBuffer, uploaded: false };
}

/** The one suite every OutboxStore adapter passes (memory, Dexie over fake-indexeddb). */
export function describeOutboxStoreContract(name: string, open: () => Promise<OutboxStoreHarness>): void {
  describe(`OutboxStore contract: ${name}`, () => {
    const nextKey = createUuidV7Generator();
    const entry = (overrides: Partial<WriteRequest> = {}): NewOutboxEntry => newOutboxEntry(write(overrides), nextKey(), 1_000);

    async function withStore(test: (store: OutboxStore) => Promise<void>): Promise<void> {
      const harness = await open();
      try {
        await test(harness.store);
      } finally {
        await harness.close?.();
      }
    }

    it('OB5: append assigns increasing seq in append order and lists in seq order', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        const b = await store.append(entry());
        const c = await store.append(entry());
        expect(a.seq).toBeLessThan(b.seq);
        expect(b.seq).toBeLessThan(c.seq);
        expect((await store.list({ limit: 10 })).map((e) => e.key)).toEqual([a.key, b.key, c.key]);
        expect((await store.list({ afterSeq: a.seq, limit: 1 })).map((e) => e.key)).toEqual([b.key]);
      }));

    it('OB5: seq is never reused after entries leave', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        const b = await store.append(entry());
        await store.markSent([a.key, b.key]);
        const c = await store.append(entry());
        expect(c.seq).toBeGreaterThan(b.seq);
      }));

    it('OB2: an entry round-trips with every field', () =>
      withStore(async (store) => {
        const appended = await store.append(
          entry({ recordKey: 'trabajadores:1', dependsOn: ['x'], files: [{ sha256: SHA_A, type: 'image/jpeg' }], body: { a: [1, { b: null }] } }),
        );
        expect(await store.get(appended.key)).toEqual(appended);
        expect(appended).toMatchObject({ state: 'pending', attempts: 0, payloadVersion: 1, body: { a: [1, { b: null }] } });
        expect(await store.get('no-such-key')).toBeUndefined();
      }));

    it('OB4: appending a key twice is refused', () =>
      withStore(async (store) => {
        const first = entry();
        await store.append(first);
        await expect(store.append({ ...first })).rejects.toThrow();
        expect((await store.counts()).queued).toBe(1);
      }));

    it('RP2: markSending counts the attempt and release returns to pending without changing the key', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        await store.markSending([a.key]);
        expect(await store.get(a.key)).toMatchObject({ state: 'sending', attempts: 1, key: a.key });
        await store.release([a.key]);
        expect(await store.get(a.key)).toMatchObject({ state: 'pending', attempts: 1 });
      }));

    it('RP3: markRetry keeps the entry with its key, sets the next attempt time and the error', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        await store.markSending([a.key]);
        await store.markRetry(a.key, 9_000, { status: 503, message: 'Servicio no disponible' });
        expect(await store.get(a.key)).toMatchObject({ key: a.key, state: 'failed-retrying', nextAttemptAt: 9_000, lastError: { status: 503 } });
        expect((await store.counts()).queued).toBe(1);
      }));

    it('RP8: markPaused keeps entries queued', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        await store.markPaused([a.key], { status: 401, message: 'Sesión expirada' });
        expect(await store.get(a.key)).toMatchObject({ state: 'paused', body: a.body });
        expect(await store.counts()).toEqual({ queued: 1, dead: 0 });
      }));

    it('RP9: markDead keeps the entry with the server message and counts it apart', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        const b = await store.append(entry());
        await store.markDead(a.key, ERROR);
        expect(await store.counts()).toEqual({ queued: 1, dead: 1 });
        expect(await store.listDead()).toEqual([{ ...a, state: 'dead', lastError: ERROR }]);
        expect((await store.list({ limit: 10 })).map((e) => e.key)).toEqual([a.key, b.key]);
      }));

    it('PL3: hasEntriesFor sees queued and dead entries of a record until they leave', () =>
      withStore(async (store) => {
        const a = await store.append(entry({ recordKey: 'trabajadores:1' }));
        expect(await store.hasEntriesFor('trabajadores:1')).toBe(true);
        expect(await store.hasEntriesFor('trabajadores:2')).toBe(false);
        await store.markDead(a.key, ERROR);
        expect(await store.hasEntriesFor('trabajadores:1')).toBe(true);
        await store.discard(a.key);
        expect(await store.hasEntriesFor('trabajadores:1')).toBe(false);
      }));

    it('RP15: replaceDead gives a new key and body, keeps seq, resets state and rewrites dependsOn', () =>
      withStore(async (store) => {
        const parent = await store.append(entry({ recordKey: 'inspecciones:1' }));
        const child = await store.append(entry({ recordKey: 'observaciones:1', dependsOn: [parent.key] }));
        await store.markSending([parent.key]);
        await store.markDead(parent.key, ERROR);
        const newKey = nextKey();
        const replaced = await store.replaceDead(parent.key, { key: newKey, body: { Nombre: 'Ana María' }, payloadVersion: 2 });
        expect(replaced).toMatchObject({ key: newKey, seq: parent.seq, state: 'pending', attempts: 0, body: { Nombre: 'Ana María' }, payloadVersion: 2 });
        expect(replaced.lastError).toBeUndefined();
        expect(await store.get(parent.key)).toBeUndefined();
        expect((await store.get(child.key))?.dependsOn).toEqual([newKey]);
        expect((await store.list({ limit: 10 })).map((e) => e.key)).toEqual([newKey, child.key]);
      }));

    it('RP15/RP16: only dead entries can be resent or discarded', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        await expect(store.replaceDead(a.key, { key: nextKey(), body: {} })).rejects.toThrow();
        await expect(store.discard(a.key)).rejects.toThrow();
        expect((await store.counts()).queued).toBe(1);
      }));

    it('OB8: rewrite changes the payload in place, keeping key and seq', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        await store.rewrite(a.key, { body: { Nombres: 'Ana' }, payloadVersion: 2, upgradedAfterAttempt: true });
        expect(await store.get(a.key)).toEqual({ ...a, body: { Nombres: 'Ana' }, payloadVersion: 2, upgradedAfterAttempt: true });
      }));

    it('FL1: files round-trip as ArrayBuffer with type and upload mark', () =>
      withStore(async (store) => {
        await store.putFile(file(SHA_A, 'hola'));
        const stored = await store.getFile(SHA_A);
        expect(stored?.bytes).toBeInstanceOf(ArrayBuffer);
        expect(new TextDecoder().decode(stored!.bytes)).toBe('hola');
        expect(stored).toMatchObject({ type: 'image/jpeg', uploaded: false });
        await store.setFileUploaded(SHA_A, true);
        expect((await store.getFile(SHA_A))?.uploaded).toBe(true);
        expect(await store.getFile(SHA_B)).toBeUndefined();
      }));

    it('FL3: a file stays until no remaining entry references it', () =>
      withStore(async (store) => {
        await store.putFile(file(SHA_A));
        await store.putFile(file(SHA_B));
        const a = await store.append(entry({ files: [{ sha256: SHA_A, type: 'image/jpeg' }] }));
        const b = await store.append(entry({ files: [{ sha256: SHA_A, type: 'image/jpeg' }, { sha256: SHA_B, type: 'image/jpeg' }] }));
        await store.markSent([a.key]);
        expect(await store.getFile(SHA_A)).toBeDefined();
        await store.markDead(b.key, ERROR);
        await store.discard(b.key);
        expect(await store.getFile(SHA_A)).toBeUndefined();
        expect(await store.getFile(SHA_B)).toBeUndefined();
      }));

    it('a round written atomically commits together, or not at all when it throws', () =>
      withStore(async (store) => {
        const a = await store.append(entry());
        const b = await store.append(entry());
        await store.markSending([a.key, b.key]);
        await expect(
          store.atomically(async () => {
            await store.markRetry(a.key, 1_000, ERROR);
            await store.markSent([b.key]);
            throw new Error('storage failed midway');
          }),
        ).rejects.toThrow('storage failed midway');
        expect((await store.get(a.key))?.state).toBe('sending');
        expect((await store.get(b.key))?.state).toBe('sending');
        const answer = await store.atomically(async () => {
          await store.markRetry(a.key, 1_000, ERROR);
          await store.markSent([b.key]);
          return 'written';
        });
        expect(answer).toBe('written');
        expect(await store.get(a.key)).toMatchObject({ state: 'failed-retrying', nextAttemptAt: 1_000 });
        expect(await store.get(b.key)).toBeUndefined();
      }));

    it('OB6: markSent of an unknown key changes nothing', () =>
      withStore(async (store) => {
        await store.append(entry());
        await store.markSent(['no-such-key']);
        expect((await store.counts()).queued).toBe(1);
      }));
  });
}
