import { describe, expect, it } from 'vitest';
import {
  type CompressReply,
  type CompressRequest,
  createCompressionClient,
  isJpeg,
  photoInputType,
  WorkerCompressionError,
  WorkerUnavailableError,
  type WorkerPort,
} from './photo-compression-protocol.ts';

class FakeWorker extends EventTarget {
  sent: { request: CompressRequest; transfer: Transferable[] }[] = [];
  terminated = false;

  postMessage(request: CompressRequest, transfer: Transferable[]) {
    this.sent.push({ request, transfer });
  }

  terminate() {
    this.terminated = true;
  }

  reply(data: CompressReply) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }

  fail(message: string) {
    const event = new Event('error', { cancelable: true });
    Object.assign(event, { message });
    this.dispatchEvent(event);
  }
}

function setUp() {
  const worker = new FakeWorker();
  return { worker, client: createCompressionClient(worker as unknown as WorkerPort) };
}

const bytesOf = (...values: number[]) => new Uint8Array(values).buffer;

describe('the photo worker protocol', () => {
  it('transfers the bytes and matches replies to requests by id, in any order', async () => {
    const { worker, client } = setUp();
    const first = bytesOf(1);
    const second = bytesOf(2);
    const firstDone = client.compress(first, 'image/jpeg');
    const secondDone = client.compress(second, 'image/png');

    expect(worker.sent.map(({ request }) => [request.id, request.type])).toEqual([
      [1, 'image/jpeg'],
      [2, 'image/png'],
    ]);
    expect(worker.sent[0]!.transfer).toEqual([first]);
    expect(worker.sent[1]!.request.bytes).toBe(second);

    worker.reply({ id: 2, ok: true, bytes: bytesOf(0xff, 0xd8, 0xff, 2) });
    worker.reply({ id: 1, ok: true, bytes: bytesOf(0xff, 0xd8, 0xff, 1) });
    expect(new Uint8Array(await firstDone)[3]).toBe(1);
    expect(new Uint8Array(await secondDone)[3]).toBe(2);
  });

  it('rejects only the photo the worker failed on, and keeps the worker', async () => {
    const { worker, client } = setUp();
    const broken = client.compress(bytesOf(0), 'image/jpeg');
    worker.reply({ id: 1, ok: false, reason: 'failed', detail: 'The source image could not be decoded.' });
    await expect(broken).rejects.toBeInstanceOf(WorkerCompressionError);
    expect(client.usable).toBe(true);
    expect(worker.terminated).toBe(false);
  });

  it('gives the worker up when it cannot compress in this browser, rejecting what was pending', async () => {
    const { worker, client } = setUp();
    const first = client.compress(bytesOf(1), 'image/jpeg');
    const second = client.compress(bytesOf(2), 'image/jpeg');
    worker.reply({ id: 1, ok: false, reason: 'unsupported', detail: 'Safari' });
    await expect(first).rejects.toBeInstanceOf(WorkerUnavailableError);
    await expect(second).rejects.toBeInstanceOf(WorkerUnavailableError);
    expect(client.usable).toBe(false);
    expect(worker.terminated).toBe(true);
    await expect(client.compress(bytesOf(3), 'image/jpeg')).rejects.toBeInstanceOf(WorkerUnavailableError);
    expect(worker.sent).toHaveLength(2);
  });

  it('gives the worker up when its script fails to load', async () => {
    const { worker, client } = setUp();
    const pending = client.compress(bytesOf(1), 'image/jpeg');
    worker.fail('Failed to fetch worker script');
    await expect(pending).rejects.toThrow('Failed to fetch worker script');
    expect(client.usable).toBe(false);
  });

  it('ignores a reply nobody is waiting for', async () => {
    const { worker, client } = setUp();
    const pending = client.compress(bytesOf(1), 'image/jpeg');
    worker.reply({ id: 99, ok: true, bytes: bytesOf(0) });
    worker.reply({ id: 1, ok: true, bytes: bytesOf(0xff, 0xd8, 0xff) });
    expect((await pending).byteLength).toBe(3);
  });
});

describe('which files are photos', () => {
  it('takes images, tries files without a type, and refuses other types', () => {
    expect(photoInputType(new Blob([], { type: 'image/heic' }))).toBe('image/heic');
    expect(photoInputType(new Blob([]))).toBe('image/jpeg');
    expect(photoInputType(new Blob([], { type: 'application/pdf' }))).toBeNull();
    expect(photoInputType(new Blob([], { type: 'text/plain' }))).toBeNull();
  });

  it('recognises JPEG bytes by their first marker', () => {
    expect(isJpeg(bytesOf(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(isJpeg(bytesOf(0x89, 0x50, 0x4e, 0x47))).toBe(false);
    expect(isJpeg(bytesOf(0xff, 0xd8))).toBe(false);
  });
});
