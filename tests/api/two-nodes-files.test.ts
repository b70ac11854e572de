/**
 * Files in PostgreSQL (DATABASE_URL without FILES_URL): every node reads the bytes any node stored. PostgreSQL only
 * (excluded from the SQLite project); files-stores.test.ts has the folder and the S3-compatible store.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { headFile, putFile, sha256Hex } from './support/sync-harness.ts';
import { contentRow, download, folderPathOf, PHOTO, PNG } from './support/stored-files.ts';

let server: TestServer;
let supervisor: { token: string };

describe('files in PostgreSQL (DATABASE_URL without FILES_URL)', () => {
  beforeEach(async () => {
    server = await startTestServer();
    supervisor = await server.login('supervisor@andesdemo.cl');
  });
  afterEach(() => server.close());

  it('puts an upload in archivos_contenido, not in the data folder, and serves it back byte for byte', async () => {
    const sha = sha256Hex(PHOTO);
    expect((await putFile(server, supervisor.token, PHOTO, 'image/jpeg')).status).toBe(201);

    expect(await contentRow(server, sha)).toEqual(PHOTO);
    expect(fs.existsSync(folderPathOf(server, sha))).toBe(false);
    const served = await download(server, sha);
    expect([served.status, served.type]).toEqual([200, 'image/jpeg']);
    expect(served.bytes.equals(PHOTO)).toBe(true);
  });

  it("writes the bytes through the caller's transaction: they commit, or roll back, with the file's rows", async () => {
    const sha = sha256Hex(PNG);
    const rolledBack = server.deps.db.transaction().execute(async (trx) => {
      await server.deps.files.withDb(trx).put(PNG, 'image/png', server.clock.now(), ANDES.id);
      throw new Error('la escritura que llevaba el archivo falló');
    });
    await expect(rolledBack).rejects.toThrow('la escritura que llevaba el archivo falló');
    expect(await contentRow(server, sha)).toBeUndefined();
    expect(await server.deps.db.selectFrom('archivos').select('Sha256').where('Sha256', '=', sha).execute()).toEqual([]);

    await server.deps.db.transaction().execute((trx) => server.deps.files.withDb(trx).put(PNG, 'image/png', server.clock.now(), ANDES.id));
    expect(await contentRow(server, sha)).toEqual(PNG);
    expect(await headFile(server, supervisor.token, sha)).toBe(200);
  });

  it('answers 404 for a file whose description exists but whose bytes are gone', async () => {
    const sha = sha256Hex(PNG);
    await putFile(server, supervisor.token, PNG, 'image/png');
    await server.deps.db.deleteFrom('archivos_contenido').where('Sha256', '=', sha).execute();
    expect((await download(server, sha)).status).toBe(404);
  });
});
