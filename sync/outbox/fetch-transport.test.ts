import { describe, expect, it } from 'vitest';
import { classifyAnswer, FetchTransport, parseRetryAfter } from './fetch-transport.ts';
import { SYNC_PROTOCOL_VERSION } from './sync-protocol.ts';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
  return { calls, fetchFn };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const KEY = '01890a5d-ac96-774b-bcce-b302099a8057';
const entry = { key: KEY, method: 'POST' as const, path: '/api/epp/solicitud/76123456', body: { Cantidad: 2 } };

describe('classifyAnswer', () => {
  it('RP3: network errors, 408, 429 and 5xx are retried', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(classifyAnswer(status, null).kind, String(status)).toBe('retry');
  });

  it('PV3: 426 PROTOCOLO_ANTIGUO asks for an update, with the server\'s message; PV4: 503 PROTOCOLO_DESCONOCIDO is retried', () => {
    const old = { statusCode: 426, code: 'PROTOCOLO_ANTIGUO', message: 'Actualiza la aplicación' };
    expect(classifyAnswer(426, old)).toMatchObject({ kind: 'update', error: { status: 426, code: 'PROTOCOLO_ANTIGUO', message: 'Actualiza la aplicación' } });
    expect(classifyAnswer(503, { statusCode: 503, code: 'PROTOCOLO_DESCONOCIDO', message: 'x' }).kind).toBe('retry');
  });

  it('RP8: 401 is auth', () => {
    expect(classifyAnswer(401, { statusCode: 401, message: 'Sesión expirada' })).toMatchObject({ kind: 'auth', error: { message: 'Sesión expirada' } });
  });

  it('RP9: other 4xx are permanent with the envelope message and code', () => {
    for (const status of [400, 403, 404, 409, 410, 413, 422]) {
      expect(classifyAnswer(status, { statusCode: status, message: 'El rut no es válido', code: 'X' })).toEqual({
        kind: 'permanent',
        status,
        body: { statusCode: status, message: 'El rut no es válido', code: 'X' },
        error: { status, message: 'El rut no es válido', code: 'X' },
      });
    }
    expect(classifyAnswer(403, null).error?.message).toBe('El servidor rechazó la operación.');
  });

  it('RP10: 409 EN_CURSO is retried; ARCHIVO_PENDIENTE is file-pending on 409 or another 4xx', () => {
    expect(classifyAnswer(409, { code: 'EN_CURSO', message: 'x' }).kind).toBe('retry');
    expect(classifyAnswer(409, { code: 'ARCHIVO_PENDIENTE', message: 'x' }).kind).toBe('file-pending');
    expect(classifyAnswer(422, { code: 'ARCHIVO_PENDIENTE', message: 'x' }).kind).toBe('file-pending');
    expect(classifyAnswer(409, { code: 'CONFLICTO', message: 'x' }).kind).toBe('permanent');
  });

  it('RP3: Retry-After is read as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', 0)).toBe(120_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter('mañana', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

describe('FetchTransport', () => {
  it('RP6: a single entry is its plain REST call with Idempotency-Key and the bearer token', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(201, { ok: true }));
    const transport = new FetchTransport({ baseUrl: 'https://hse.example.cl/', getToken: () => 'tok', fetch: fetchFn });
    expect(await transport.sendOne(entry)).toEqual({ kind: 'ok', status: 201, body: { ok: true } });
    expect(calls[0]!.url).toBe('https://hse.example.cl/api/epp/solicitud/76123456');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe(KEY);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ Cantidad: 2 });
  });

  it('PV1, RT3: every request says its protocol version and when the device sent it, on the device\'s clock', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(200, { results: [], changes: [], cursor: '0', more: false }));
    const transport = new FetchTransport({ getToken: () => 'tok', fetch: fetchFn, now: () => 1_750_000_000_123 });
    await transport.sendOne(entry);
    await transport.sendBatch([entry]);
    await transport.pullChanges(null);
    for (const call of calls) {
      expect(call.headers.get('Sync-Protocol'), call.url).toBe(String(SYNC_PROTOCOL_VERSION));
      expect(call.headers.get('Sync-Sent-At'), call.url).toBe('1750000000123');
    }
    expect(calls).toHaveLength(3);
  });

  it('RP5: a batch posts { entries } and classifies each result by key', async () => {
    const other = { ...entry, key: '01890a5d-ac96-774b-bcce-b302099a8058' };
    const { calls, fetchFn } = fakeFetch(() =>
      json(200, { results: [{ key: KEY, status: 201, body: {} }, { key: other.key, status: 422, body: { statusCode: 422, message: 'Falta el rut' } }] }),
    );
    const transport = new FetchTransport({ getToken: () => null, fetch: fetchFn });
    const outcome = await transport.sendBatch([entry, other]);
    expect(calls[0]!.url).toBe('/api/sync/batch');
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ entries: [entry, other] });
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
    if (outcome.kind !== 'ok') throw new Error('expected ok');
    expect(outcome.results.get(KEY)?.kind).toBe('ok');
    expect(outcome.results.get(other.key)).toMatchObject({ kind: 'permanent', error: { message: 'Falta el rut' } });
  });

  it('RP6: a batch refused with 404 asks for single calls; a 5xx or 401 does not', async () => {
    for (const [status, fallback, kind] of [[404, true, 'permanent'], [503, false, 'retry'], [401, false, 'auth']] as const) {
      const { fetchFn } = fakeFetch(() => json(status, { statusCode: status, message: 'x' }));
      const outcome = await new FetchTransport({ getToken: () => 't', fetch: fetchFn }).sendBatch([entry]);
      expect(outcome).toMatchObject({ kind: 'failed', fallback, outcome: { kind, status } });
    }
  });

  it('RP7: a captive portal page or a redirect is not taken as success', async () => {
    const html = fakeFetch(() => new Response('<html>Inicia sesión en el WiFi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect((await new FetchTransport({ getToken: () => 't', fetch: html.fetchFn }).sendOne(entry)).kind).toBe('retry');
    const redirected = fakeFetch(() => {
      const response = json(200, { ok: true });
      Object.defineProperty(response, 'redirected', { value: true });
      return response;
    });
    expect((await new FetchTransport({ getToken: () => 't', fetch: redirected.fetchFn }).sendOne(entry)).kind).toBe('retry');
    const badBatch = fakeFetch(() => json(200, { hola: 1 }));
    expect(await new FetchTransport({ getToken: () => 't', fetch: badBatch.fetchFn }).sendBatch([entry])).toMatchObject({ kind: 'failed', outcome: { kind: 'retry' } });
    const empty = fakeFetch(() => new Response(null, { status: 204 }));
    expect((await new FetchTransport({ getToken: () => 't', fetch: empty.fetchFn }).sendOne(entry)).kind).toBe('ok');
  });

  it('RP3: a network failure and a timeout are retried with status 0', async () => {
    const failing = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await new FetchTransport({ getToken: () => 't', fetch: failing.fetchFn }).sendOne(entry)).toMatchObject({ kind: 'retry', status: 0 });
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    expect(await new FetchTransport({ getToken: () => 't', fetch: hanging, timeoutMs: 10 }).sendOne(entry)).toMatchObject({ kind: 'retry', status: 0 });
  });

  it('RP3: Retry-After of a 429 reaches the outcome', async () => {
    const { fetchFn } = fakeFetch(() => json(429, { statusCode: 429, message: 'Demasiadas solicitudes' }, { 'Retry-After': '7' }));
    expect(await new FetchTransport({ getToken: () => 't', fetch: fetchFn }).sendOne(entry)).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
  });

  it('FL2: a file goes as raw bytes with its Content-Type to its hash path', async () => {
    const sha = 'c'.repeat(64);
    const { calls, fetchFn } = fakeFetch(() => json(201, { sha256: sha }));
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    expect((await new FetchTransport({ getToken: () => 't', fetch: fetchFn }).uploadFile(sha, 'image/jpeg', bytes)).kind).toBe('ok');
    expect(calls[0]).toMatchObject({ url: `/api/files/${sha}`, method: 'PUT', body: bytes });
    expect(calls[0]!.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it('FL7: several files go in one multipart POST to /api/files/lote, one part per file named by its sha256, with its type and bytes', async () => {
    const files = [
      { sha256: 'a'.repeat(64), type: 'image/png', bytes: new Uint8Array([0, 13, 10, 45, 45, 255]).buffer },
      { sha256: 'b'.repeat(64), type: 'application/pdf', bytes: new Uint8Array(5000).fill(7).buffer },
    ];
    const { calls, fetchFn } = fakeFetch(() =>
      json(200, { results: [{ Sha256: 'a'.repeat(64), status: 201, Tipo: 'image/png', Tamano: 6 }, { Sha256: 'b'.repeat(64), status: 200, Tipo: 'application/pdf', Tamano: 5000 }] }),
    );
    const outcome = await new FetchTransport({ getToken: () => 't', fetch: fetchFn }).uploadFiles(files);
    expect(outcome.kind).toBe('ok');
    expect(calls[0]).toMatchObject({ url: '/api/files/lote', method: 'POST' });
    const contentType = calls[0]!.headers.get('Content-Type')!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=andes-lote-[0-9a-f]{32}$/);
    const form = await new Response(calls[0]!.body as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': contentType } }).formData();
    const parts = [...form.entries()] as [string, File][];
    expect(parts.map(([name, file]) => [name, file.name, file.type, file.size])).toEqual([
      ['a'.repeat(64), 'a'.repeat(64), 'image/png', 6],
      ['b'.repeat(64), 'b'.repeat(64), 'application/pdf', 5000],
    ]);
    expect(new Uint8Array(await parts[0]![1].arrayBuffer())).toEqual(new Uint8Array(files[0]!.bytes));
    // Framing costs under 300 bytes a file (its hash twice), not a third more as base64 would.
    expect((calls[0]!.body as Uint8Array).length - 5006).toBeLessThan(2 * 300);
  });

  it('FL7: each file is classified by its own result; refusals carry their message and code', async () => {
    const [ok, bad, unknown] = ['a', 'b', 'c'].map((c) => c.repeat(64));
    const { fetchFn } = fakeFetch(() =>
      json(200, {
        results: [
          { Sha256: ok, status: 201, Tipo: 'image/png', Tamano: 3 },
          { Sha256: bad, status: 422, message: 'El archivo no coincide con su huella (SHA-256)', code: 'HUELLA_DISTINTA' },
          { Sha256: 'd'.repeat(64), status: 201 },
        ],
      }),
    );
    const file = (sha256: string) => ({ sha256, type: 'image/png', bytes: new ArrayBuffer(3) });
    const outcome = await new FetchTransport({ getToken: () => 't', fetch: fetchFn }).uploadFiles([file(ok!), file(bad!), file(unknown!)]);
    if (outcome.kind !== 'ok') throw new Error('expected ok');
    expect(outcome.results.get(ok!)?.kind).toBe('ok');
    expect(outcome.results.get(bad!)).toMatchObject({ kind: 'permanent', status: 422, error: { status: 422, code: 'HUELLA_DISTINTA', message: 'El archivo no coincide con su huella (SHA-256)' } });
    expect(outcome.results.has(unknown!)).toBe(false);
    expect(outcome.results.has('d'.repeat(64))).toBe(false);
  });

  it('FL10: a bulk upload refused as a whole with 404 asks for single PUTs; a 5xx, a 401 or an answer that is not { results } does not', async () => {
    const file = { sha256: 'a'.repeat(64), type: 'image/png', bytes: new ArrayBuffer(3) };
    const run = async (response: () => Response) => new FetchTransport({ getToken: () => 't', fetch: fakeFetch(response).fetchFn }).uploadFiles([file]);
    expect(await run(() => json(404, { statusCode: 404, message: 'Ruta no encontrada' }))).toMatchObject({ kind: 'failed', fallback: true });
    expect(await run(() => json(503, { statusCode: 503, message: 'x' }))).toMatchObject({ kind: 'failed', fallback: false, outcome: { kind: 'retry' } });
    expect(await run(() => json(401, { statusCode: 401, message: 'x' }))).toMatchObject({ kind: 'failed', fallback: false, outcome: { kind: 'auth' } });
    expect(await run(() => json(200, { ok: true }))).toMatchObject({ kind: 'failed', fallback: false, outcome: { kind: 'retry' } });
    expect(await run(() => new Response('<html>portal</html>', { status: 200 }))).toMatchObject({ kind: 'failed', fallback: false, outcome: { kind: 'retry' } });
  });

  it('FL6: fileExists is true only for a 200 to HEAD', async () => {
    const sha = 'c'.repeat(64);
    const found = fakeFetch(() => new Response(null, { status: 200 }));
    expect(await new FetchTransport({ getToken: () => 't', fetch: found.fetchFn }).fileExists(sha)).toBe(true);
    expect(found.calls[0]!.method).toBe('HEAD');
    const missing = fakeFetch(() => new Response(null, { status: 404 }));
    expect(await new FetchTransport({ getToken: () => 't', fetch: missing.fetchFn }).fileExists(sha)).toBe(false);
  });

  it('PL2: pulls with since=<cursor> (none on the first pull) and validates the page', async () => {
    const page = { changes: [{ seq: 4, table: 'trabajadores', id: 'x', op: 'delete' }], cursor: 4, reset: false };
    const { calls, fetchFn } = fakeFetch(() => json(200, page));
    const transport = new FetchTransport({ getToken: () => 't', fetch: fetchFn });
    expect(await transport.pullChanges(null)).toEqual({ kind: 'ok', page: { ...page, cursor: '4' } });
    await transport.pullChanges('4');
    expect(calls.map((c) => c.url)).toEqual(['/api/sync/changes', '/api/sync/changes?since=4']);
    const bad = fakeFetch(() => json(200, { changes: 'no' }));
    expect(await new FetchTransport({ getToken: () => 't', fetch: bad.fetchFn }).pullChanges(null)).toMatchObject({ kind: 'failed', outcome: { kind: 'retry' } });
  });

  it('PL2: asks for pages of pullPageSize changes when given', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(200, { changes: [], cursor: 9 }));
    const transport = new FetchTransport({ getToken: () => 't', fetch: fetchFn, pullPageSize: 1000 });
    await transport.pullChanges(null);
    await transport.pullChanges('9');
    expect(calls.map((c) => c.url)).toEqual(['/api/sync/changes?limit=1000', '/api/sync/changes?since=9&limit=1000']);
  });
});
