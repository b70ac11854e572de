import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeFileBatch, FetchTransport } from '#sync/outbox/fetch-transport.ts';
import type { UploadableFile } from '#sync/outbox/transport.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, CURRENT_PROTOCOL, headFile, putFile, sha256Hex } from './support/sync-harness.ts';
import { setAsideDemoFiles } from './support/inspecciones-factory.ts';

let server: TestServer;
let supervisor: { token: string; userId: number };
beforeEach(async () => {
  server = await startTestServer();
  supervisor = await server.login('supervisor@andesdemo.cl');
  await setAsideDemoFiles(server);
});
afterEach(async () => {
  await server.close();
});

const bytesOf = (seed: number, length = 2_000) => Buffer.from(Array.from({ length }, (_, i) => (i * seed + seed) % 251));
const fileOf = (bytes: Buffer, type = 'image/png', sha256 = sha256Hex(bytes)): UploadableFile => ({
  sha256,
  type,
  bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
});

interface BulkAnswer {
  status: number;
  body: { results?: Record<string, unknown>[]; statusCode?: number; message?: string; code?: string };
}

/** POST /api/files/lote with the body the client builds (encodeFileBatch), or a raw body and type. */
async function postBatch(token: string | undefined, files: UploadableFile[], raw?: { body: BodyInit; type: string }): Promise<BulkAnswer> {
  const boundary = 'prueba-lote-0123456789';
  const headers: Record<string, string> = { ...CURRENT_PROTOCOL, 'Content-Type': raw?.type ?? `multipart/form-data; boundary=${boundary}` };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await server.app.request('/api/files/lote', {
    method: 'POST',
    headers,
    body: raw?.body ?? encodeFileBatch(files, boundary),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

async function download(sha256: string): Promise<Buffer> {
  const answer = await server.app.request(server.deps.files.signedUrl(sha256, server.clock.now()));
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

describe('POST /api/files/lote: many files in one request (FL7)', () => {
  it('FL7: answers each file as its PUT would, in order: new 201, known 200, refusals with their code, and stores only the good ones', async () => {
    const [a, b, c, d] = [1, 2, 3, 4].map((seed) => bytesOf(seed));
    await putFile(server, supervisor.token, a!, 'image/png'); // already there: 200
    const files = [
      fileOf(a!),
      fileOf(b!, 'image/jpeg'),
      fileOf(c!, 'image/png', sha256Hex(d!)), // bytes that are not their hash
      fileOf(d!, 'text/html'),
      fileOf(d!, 'image/png', 'NO-ES-HUELLA'),
      fileOf(Buffer.alloc(0), 'image/png'),
      fileOf(d!, 'application/pdf'),
    ];
    const answer = await postBatch(supervisor.token, files);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { Sha256: sha256Hex(a!), status: 200, Tipo: 'image/png', Tamano: a!.length },
      { Sha256: sha256Hex(b!), status: 201, Tipo: 'image/jpeg', Tamano: b!.length },
      { Sha256: sha256Hex(d!), status: 422, message: 'El archivo no coincide con su huella (SHA-256)', code: 'HUELLA_DISTINTA' },
      { Sha256: sha256Hex(d!), status: 415, message: expect.stringContaining('Tipo de archivo no permitido'), code: 'TIPO_ARCHIVO' },
      { Sha256: 'NO-ES-HUELLA', status: 400, message: 'La huella SHA-256 no es válida', code: 'VALIDACION' },
      { Sha256: sha256Hex(Buffer.alloc(0)), status: 400, message: 'El archivo está vacío', code: 'VALIDACION' },
      { Sha256: sha256Hex(d!), status: 201, Tipo: 'application/pdf', Tamano: d!.length },
    ]);
    // The refused parts stored nothing; what was stored comes back byte for byte through its signed URL.
    expect(await headFile(server, supervisor.token, sha256Hex(c!))).toBe(404);
    expect((await download(sha256Hex(b!))).equals(b!)).toBe(true);
    expect((await download(sha256Hex(d!))).equals(d!)).toBe(true);
    expect(await countRows(server, 'archivos_empresa')).toBe(3);
  });

  it('FL7: the same lote again changes nothing and answers 200 for every file; a PUT of a file sent in bulk is 200 too', async () => {
    const files = [1, 2, 3].map((seed) => fileOf(bytesOf(seed, 50_000), 'image/webp'));
    const first = await postBatch(supervisor.token, files);
    expect(first.body.results!.map((result) => result.status)).toEqual([201, 201, 201]);
    const again = await postBatch(supervisor.token, files);
    expect(again.body.results).toEqual(first.body.results!.map((result) => ({ ...result, status: 200 })));
    expect(await countRows(server, 'archivos_empresa')).toBe(3);
    expect(await server.deps.db.selectFrom('archivos').select('Sha256').execute()).toHaveLength(3);
    expect((await putFile(server, supervisor.token, bytesOf(1, 50_000), 'image/webp')).status).toBe(200);
  });

  it("FL7: keeps files per company: another company's lote of the same bytes is its own 201, and HEAD stays per company", async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const files = [fileOf(bytesOf(5)), fileOf(bytesOf(6))];
    await postBatch(supervisor.token, files);
    expect(await headFile(server, pacifico.token, files[0]!.sha256)).toBe(404);
    const theirs = await postBatch(pacifico.token, files);
    expect(theirs.body.results!.map((result) => result.status)).toEqual([201, 201]);
    expect(await headFile(server, pacifico.token, files[0]!.sha256)).toBe(200);
    const owners = await server.deps.db.selectFrom('archivos_empresa').select(['IdEmpresa', 'Sha256']).orderBy('IdEmpresa').execute();
    expect(owners.map((row) => row.IdEmpresa).sort()).toEqual([ANDES.id, ANDES.id, PACIFICO.id, PACIFICO.id]);
  });

  it('FL7: requires a session, multipart, at least one file, at most 100 files and 8 MB, with Spanish messages', async () => {
    const one = [fileOf(bytesOf(7))];
    expect((await postBatch(undefined, one)).status).toBe(401);
    expect(await postBatch(supervisor.token, [], { body: JSON.stringify({ files: [] }), type: 'application/json' })).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        message: 'El lote de archivos debe enviarse como multipart/form-data, una parte por archivo',
        code: 'TIPO_LOTE',
      },
    });
    expect((await postBatch(supervisor.token, [])).body).toMatchObject({
      statusCode: 400,
      message: 'El lote de archivos no trae ningún archivo',
    });
    const tooLarge = {
      statusCode: 413,
      message: 'El lote de archivos supera el máximo de 100 archivos u 8 MB; envíalo en partes',
      code: 'LOTE_GRANDE',
    };
    const many = Array.from({ length: 101 }, (_, i) => fileOf(bytesOf(i + 1, 100)));
    expect(await postBatch(supervisor.token, many)).toEqual({ status: 413, body: tooLarge });
    const big = [1, 2, 3].map((seed) => fileOf(bytesOf(seed, 3 * 1024 * 1024)));
    expect(await postBatch(supervisor.token, big)).toEqual({ status: 413, body: tooLarge });
    expect(await countRows(server, 'archivos_empresa')).toBe(0);
    // Exactly 100 small files is fine.
    const hundred = await postBatch(supervisor.token, many.slice(0, 100));
    expect(hundred.body.results!.filter((result) => result.status === 201)).toHaveLength(100);
  });

  it('FL7: a text part (not a file) is refused by itself; a cut-off body is refused as a whole', async () => {
    const good = fileOf(bytesOf(8));
    const form = new FormData();
    form.append('a'.repeat(64), 'no soy un archivo');
    form.append(good.sha256, new Blob([good.bytes], { type: good.type }), good.sha256);
    const response = await server.app.request('/api/files/lote', {
      method: 'POST',
      headers: { ...CURRENT_PROTOCOL, Authorization: `Bearer ${supervisor.token}` },
      body: form,
    });
    expect(((await response.json()) as { results: unknown[] }).results).toEqual([
      {
        Sha256: 'a'.repeat(64),
        status: 400,
        message: 'Cada parte del lote debe ser un archivo con su nombre de archivo y su tipo',
        code: 'VALIDACION',
      },
      { Sha256: good.sha256, status: 201, Tipo: 'image/png', Tamano: 2_000 },
    ]);
    const whole = encodeFileBatch([fileOf(bytesOf(9))], 'prueba-lote-0123456789');
    const cut = await postBatch(supervisor.token, [], {
      body: whole.slice(0, 500),
      type: 'multipart/form-data; boundary=prueba-lote-0123456789',
    });
    expect(cut.body).toMatchObject({ statusCode: 400, message: 'El lote de archivos llegó incompleto o mal formado' });
  });

  it("FL7 FL8: the client's FetchTransport uploads through the route, each file classified by its own answer", async () => {
    const transport = new FetchTransport({
      getToken: () => supervisor.token,
      fetch: (input, init) => Promise.resolve(server.app.request(String(input), init)),
    });
    const good = fileOf(bytesOf(10, 40_000), 'image/jpeg');
    const wrong = fileOf(bytesOf(11), 'image/png', sha256Hex(bytesOf(12)));
    const outcome = await transport.uploadFiles([good, wrong]);
    if (outcome.kind !== 'ok') throw new Error(`bulk failed: ${JSON.stringify(outcome)}`);
    expect(outcome.results.get(good.sha256)).toMatchObject({ kind: 'ok', status: 201 });
    expect(outcome.results.get(wrong.sha256)).toMatchObject({ kind: 'permanent', status: 422, error: { code: 'HUELLA_DISTINTA' } });
    expect((await download(good.sha256)).equals(bytesOf(10, 40_000))).toBe(true);
  });

  it('FL7: is described in the API reference', async () => {
    const spec = await server.request<{
      paths: Record<string, Record<string, { summary?: string; requestBody?: { content: Record<string, unknown> } }>>;
    }>('GET', '/api/openapi.json');
    const operation = spec.body.paths['/api/files/lote']?.post;
    expect(operation?.summary).toContain('varios archivos');
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });
});
