import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileBelongsToCompany, requireFiles } from '#server/files/files.repo.ts';
import { HttpError } from '#server/http/http-error.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, headFile, newKey, putFile, send, sha256Hex } from './support/sync-harness.ts';
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

// A real 1x1 PNG, and some bytes that are a "photo" for the store (it checks the type header, not the content).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
const PHOTO = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 251));

describe('PUT /api/files/{sha256}: content-addressed upload', () => {
  it('stores the file once (201), answers 200 with the same description when sent again, and serves the same bytes', async () => {
    const sha = sha256Hex(PHOTO);
    expect(await headFile(server, supervisor.token, sha)).toBe(404);

    const first = await putFile(server, supervisor.token, PHOTO, 'image/jpeg');
    expect(first).toEqual({ status: 201, body: { Sha256: sha, Tipo: 'image/jpeg', Tamano: PHOTO.length } });
    const again = await putFile(server, supervisor.token, PHOTO, 'image/jpeg');
    expect(again).toEqual({ status: 200, body: first.body });
    expect(await headFile(server, supervisor.token, sha)).toBe(200);

    const download = await server.app.request(server.deps.files.signedUrl(sha, server.clock.now()));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(PHOTO)).toBe(true);
  });

  it('refuses bytes that do not match the hash in the path with 422 HUELLA_DISTINTA and stores nothing', async () => {
    const wrong = await putFile(server, supervisor.token, PHOTO, 'image/jpeg', sha256Hex(PNG));
    expect(wrong).toEqual({ status: 422, body: { statusCode: 422, message: 'El archivo no coincide con su huella (SHA-256)', code: 'HUELLA_DISTINTA' } });
    // A truncated upload (the link dropped mid-way) is the common case of a mismatch.
    const truncated = await putFile(server, supervisor.token, PHOTO.subarray(0, 1000), 'image/jpeg', sha256Hex(PHOTO));
    expect(truncated.status).toBe(422);
    expect(await headFile(server, supervisor.token, sha256Hex(PHOTO))).toBe(404);
    expect(await server.deps.db.selectFrom('archivos').selectAll().execute()).toEqual([]);
  });

  it('refuses a malformed hash, a type that could run in the browser, an empty body and a file over 15 MB', async () => {
    const bad = await putFile(server, supervisor.token, PNG, 'image/png', 'ABC');
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'La huella SHA-256 no es válida' });
    const html = Buffer.from('<script>alert(1)</script>');
    expect((await putFile(server, supervisor.token, html, 'text/html')).body).toMatchObject({ statusCode: 415, code: 'TIPO_ARCHIVO' });
    expect((await putFile(server, supervisor.token, html, 'image/svg+xml')).status).toBe(415);
    expect((await putFile(server, supervisor.token, Buffer.alloc(0), 'image/png')).body).toMatchObject({ statusCode: 400, message: 'El archivo está vacío' });
    const huge = Buffer.alloc(15 * 1024 * 1024 + 1, 7);
    expect((await putFile(server, supervisor.token, huge, 'image/jpeg')).body).toEqual({ statusCode: 413, message: 'El archivo supera el máximo de 15 MB', code: 'ARCHIVO_GRANDE' });
  });

  it('requires a session to upload and to ask whether a file is there', async () => {
    expect((await putFile(server, undefined, PNG, 'image/png')).status).toBe(401);
    expect(await headFile(server, undefined, sha256Hex(PNG))).toBe(401);
  });

  it("keeps files per company: another company's HEAD is 404, its upload of the same bytes is its own 201", async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const sha = sha256Hex(PNG);
    await putFile(server, supervisor.token, PNG, 'image/png');
    expect(await headFile(server, pacifico.token, sha)).toBe(404);
    expect(await fileBelongsToCompany(server.deps.db, sha, PACIFICO.id)).toBe(false);
    await expect(requireFiles(server.deps.db, PACIFICO.id, [sha])).rejects.toMatchObject({
      statusCode: 409,
      code: 'ARCHIVO_PENDIENTE',
      message: 'El archivo aún no llega al servidor',
    });

    expect((await putFile(server, pacifico.token, PNG, 'image/png')).status).toBe(201);
    expect(await headFile(server, pacifico.token, sha)).toBe(200);
    expect(await fileBelongsToCompany(server.deps.db, sha, PACIFICO.id)).toBe(true);
    expect(await fileBelongsToCompany(server.deps.db, sha, ANDES.id)).toBe(true);
    expect(await countRows(server, 'archivos_empresa')).toBe(2);
  });

  it('lets modules require files: all present passes, one missing throws ARCHIVO_PENDIENTE', async () => {
    await putFile(server, supervisor.token, PNG, 'image/png');
    await expect(requireFiles(server.deps.db, ANDES.id, [sha256Hex(PNG), sha256Hex(PNG)])).resolves.toBeUndefined();
    await expect(requireFiles(server.deps.db, ANDES.id, [])).resolves.toBeUndefined();
    const missing = requireFiles(server.deps.db, ANDES.id, [sha256Hex(PNG), sha256Hex(PHOTO)]);
    await expect(missing).rejects.toBeInstanceOf(HttpError);
  });

  it('records the company of inline profile images too, so a record may point at them', async () => {
    await send(server, 'PUT', `/api/perfil/perfil_usuario/${supervisor.userId}/${ANDES.id}`, {
      token: supervisor.token,
      key: newKey(),
      body: { Nombres: 'Jorge', ApellidoPaterno: 'Araya', Avatar: { Tipo: 'image/png', Datos: PNG.toString('base64') } },
    });
    expect(await headFile(server, supervisor.token, sha256Hex(PNG))).toBe(200);
  });

  it('accepts an upload carrying an Idempotency-Key like any write', async () => {
    const key = newKey();
    const sha = sha256Hex(PNG);
    const headers = { Authorization: `Bearer ${supervisor.token}`, 'Content-Type': 'image/png', 'Idempotency-Key': key };
    const first = await server.app.request(`/api/files/${sha}`, { method: 'PUT', headers, body: PNG });
    expect(first.status).toBe(201);
    const replay = await server.app.request(`/api/files/${sha}`, { method: 'PUT', headers, body: PNG });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotency-Replayed')).toBe('true');
    expect(await replay.json()).toEqual({ Sha256: sha, Tipo: 'image/png', Tamano: PNG.length });
    const other = await server.app.request(`/api/files/${sha}`, { method: 'PUT', headers, body: PHOTO });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'IDEMPOTENCIA_DISTINTA' });
  });
});
