import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrap, type StartedDeps } from '#server/bootstrap.ts';
import { parseConfig, type Config } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { copyFolderFiles, filesFolderOf, openFileBytes } from '#server/files/file-bytes-setup.ts';
import { requireFiles } from '#server/files/files.repo.ts';
import { deleteObject, readObject, S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '#tests/support/s3-server.ts';
import { ANDES, PACIFICO, startTestServer, TEST_ENGINE, testDatabase, type TestServer } from './support/api-harness.ts';
import { headFile, putFile, sha256Hex } from './support/sync-harness.ts';
import { contentRow, download, folderPathOf, PHOTO, PNG } from './support/stored-files.ts';

let server: TestServer;
let supervisor: { token: string };

/** The store's address and s3rver's keys, under the SDK's usual names, as an operator sets them. */
const s3Env = (s3: S3TestServer) => ({
  FILES_S3_ENDPOINT: s3.endpoint,
  AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
});

describe('files in an S3-compatible store (FILES_URL; with DATABASE_URL on the PostgreSQL run)', () => {
  let s3: S3TestServer;
  const keyOf = (sha: string) => `andes/hse/${sha.slice(0, 2)}/${sha}`;

  beforeEach(async () => {
    s3 = await startS3Server();
    // The demo's files in the copied data folder go to the bucket at start; that copy is tested below.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    server = await startTestServer({ ...s3Env(s3), FILES_URL: `s3://${s3.bucket}/andes/hse` });
    supervisor = await server.login('supervisor@andesdemo.cl');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
    await s3.close();
  });

  it('puts an upload in the bucket under <prefix>/<ab>/<sha256>, nowhere else, and serves it back byte for byte', async () => {
    const sha = sha256Hex(PHOTO);
    const uploaded = await putFile(server, supervisor.token, PHOTO, 'image/jpeg');
    expect(uploaded).toEqual({ status: 201, body: { Sha256: sha, Tipo: 'image/jpeg', Tamano: PHOTO.length } });

    expect(await readObject(s3, keyOf(sha))).toEqual(PHOTO);
    expect(fs.existsSync(folderPathOf(server, sha))).toBe(false);
    expect(await contentRow(server, sha)).toBeUndefined();

    const served = await download(server, sha);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    expect(served.bytes.equals(PHOTO)).toBe(true);
  });

  it("does not give one company's file to another: its HEAD is 404 and its records may not point at it", async () => {
    const sha = sha256Hex(PNG);
    expect((await putFile(server, supervisor.token, PNG, 'image/png')).status).toBe(201);
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);

    expect(await headFile(server, supervisor.token, sha)).toBe(200);
    expect(await headFile(server, pacifico.token, sha)).toBe(404);
    await expect(requireFiles(server.deps.db, PACIFICO.id, [sha])).rejects.toMatchObject({ statusCode: 409, code: 'ARCHIVO_PENDIENTE' });
    await expect(requireFiles(server.deps.db, ANDES.id, [sha])).resolves.toBeUndefined();
  });

  it('answers a failure of the store with an error (5xx), never as a missing file, and records nothing it could not store', async () => {
    const stored = sha256Hex(PHOTO);
    expect((await putFile(server, supervisor.token, PHOTO, 'image/jpeg')).status).toBe(201);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await s3.close();

    expect((await download(server, stored)).status).toBe(500);
    const failed = await putFile(server, supervisor.token, PNG, 'image/png');
    expect(failed.status).toBe(500);
    expect(await headFile(server, supervisor.token, sha256Hex(PNG))).toBe(404);
    expect(await server.deps.db.selectFrom('archivos').select('Sha256').where('Sha256', '=', sha256Hex(PNG)).execute()).toEqual([]);
    const where = logged.mock.calls.map(([first]) => first);
    expect(where).toEqual([`[error] GET /api/files/${stored}`, `[error] PUT /api/files/${sha256Hex(PNG)}`]);
  });

  it('answers 404 for a file whose description exists but whose object is gone, as with the folder', async () => {
    const sha = sha256Hex(PNG);
    await putFile(server, supervisor.token, PNG, 'image/png');
    await deleteObject(s3, keyOf(sha));
    expect((await download(server, sha)).status).toBe(404);
  });
});

describe('files in the data folder (neither DATABASE_URL nor FILES_URL)', () => {
  beforeEach(async () => {
    // On SQLite whatever the run's engine: without DATABASE_URL the folder is the store.
    server = await startTestServer({ DATABASE_URL: '' });
    supervisor = await server.login('supervisor@andesdemo.cl');
  });
  afterEach(() => server.close());

  it('puts an upload in DATA_DIR/files/<ab>/<sha256>, leaving no temporary file, and nothing in the database table', async () => {
    const sha = sha256Hex(PHOTO);
    expect((await putFile(server, supervisor.token, PHOTO, 'image/jpeg')).status).toBe(201);
    expect(fs.readFileSync(folderPathOf(server, sha))).toEqual(PHOTO);
    expect(fs.readdirSync(path.dirname(folderPathOf(server, sha))).filter((name) => name.startsWith(sha))).toEqual([sha]);
    expect(await contentRow(server, sha)).toBeUndefined();
    expect((await download(server, sha)).bytes.equals(PHOTO)).toBe(true);
  });
});

describe('the files an earlier version left in DATA_DIR/files, copied at start into the chosen store', () => {
  const stores: ('s3' | 'database')[] = TEST_ENGINE === 'postgres' ? ['s3', 'database'] : ['s3'];
  const CORRUPT = { sha: sha256Hex(Buffer.from('lo que el nombre promete')), bytes: Buffer.from('otra cosa') };
  let s3: S3TestServer;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  const opened: { destroy(): Promise<void> }[] = [];

  /** What an earlier version leaves: two files, a half-written temporary one, one whose bytes do not match its name. */
  function plantFolder() {
    const files = [{ sha: sha256Hex(PHOTO), bytes: PHOTO }, { sha: sha256Hex(PNG), bytes: PNG }, CORRUPT];
    for (const { sha, bytes } of files) {
      fs.mkdirSync(path.join(dataDir, 'files', sha.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'files', sha.slice(0, 2), sha), bytes);
    }
    const photo = sha256Hex(PHOTO);
    fs.writeFileSync(path.join(dataDir, 'files', photo.slice(0, 2), `${photo}.4242.a1b2.tmp`), PHOTO.subarray(0, 10));
  }

  beforeEach(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-copia-'));
    plantFolder();
    database = await testDatabase('migrada');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const db of opened.splice(0)) await db.destroy();
    await database.drop();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const configFor = (store: 's3' | 'database'): Config => {
    const files = store === 's3' ? { ...s3Env(s3), FILES_URL: `s3://${s3.bucket}/copia` } : {};
    return parseConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, DEMO_SEED: '0', ...files });
  };
  const start = async (config: Config): Promise<StartedDeps> => {
    const deps = await bootstrap(config);
    opened.push(deps.db);
    return deps;
  };
  const storedBytes = async (store: 's3' | 'database', deps: Pick<StartedDeps, 'db'>, sha: string) => {
    if (store === 's3') return readObject(s3, `copia/${sha.slice(0, 2)}/${sha}`);
    const row = await deps.db.selectFrom('archivos_contenido').select('Contenido').where('Sha256', '=', sha).executeTakeFirst();
    return row?.Contenido;
  };
  const copyLines = (log: { mock: { calls: unknown[][] } }) =>
    log.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('Archivos:'));

  it.each(stores)('copies the files into %s at start, says how many, and copies nothing when started again', async (store) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const first = await start(configFor(store));
    const place = store === 's3' ? `s3://${s3.bucket}/copia` : 'la tabla archivos_contenido';
    expect(copyLines(log)).toEqual([`Archivos: se copiaron 2 archivos de ${path.join(dataDir, 'files')} a ${place}.`]);
    expect(await storedBytes(store, first, sha256Hex(PHOTO))).toEqual(PHOTO);
    expect(await storedBytes(store, first, sha256Hex(PNG))).toEqual(PNG);
    expect(await storedBytes(store, first, CORRUPT.sha)).toBeUndefined();

    log.mockClear();
    await start(configFor(store));
    expect(copyLines(log)).toEqual([]);
    // Copied whole into this store, the folder is not read again: nothing writes it once another store is chosen.
    expect(fs.readFileSync(path.join(dataDir, 'files', '.copiado-a'), 'utf8')).toBe(place);
  });

  it.each(stores)('lets two nodes copy into %s at once: both finish and each file is stored once, whole', async (store) => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const config = configFor(store);
    const nodes = await Promise.all([0, 1].map(() => openDatabase(config.dataDir, config.databaseUrl)));
    opened.push(...nodes);
    const copied = await Promise.all(nodes.map(async (db) => copyFolderFiles(filesFolderOf(config), await openFileBytes(config, db))));

    expect(copied.every((count) => count >= 0 && count <= 2)).toBe(true);
    expect(copied[0]! + copied[1]!).toBeGreaterThanOrEqual(2);
    expect(await storedBytes(store, { db: nodes[0]! }, sha256Hex(PHOTO))).toEqual(PHOTO);
    expect(await storedBytes(store, { db: nodes[0]! }, sha256Hex(PNG))).toEqual(PNG);
    if (store === 'database') {
      const rows = await nodes[0]!.selectFrom('archivos_contenido').select('Sha256').orderBy('Sha256').execute();
      expect(rows.map((row) => row.Sha256)).toEqual([sha256Hex(PHOTO), sha256Hex(PNG)].sort());
    }
  });
});
