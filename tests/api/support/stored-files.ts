import path from 'node:path';
import type { TestServer } from './api-harness.ts';

// Bytes no demo file has: a "photo" for the store (it checks the type header, not the content) and a 1x1 PNG.
export const PHOTO = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 37) % 253));
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

/** A stored file through its signed link, as a device fetches it. */
export async function download(server: TestServer, sha: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await server.app.request(server.deps.files.signedUrl(sha, server.clock.now()));
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Where the folder store keeps a file's bytes. */
export const folderPathOf = (server: TestServer, sha: string) => path.join(server.dataDir, 'files', sha.slice(0, 2), sha);

/** The bytes the database store keeps for a file, if any. */
export async function contentRow(server: TestServer, sha: string): Promise<Buffer | undefined> {
  const row = await server.deps.db.selectFrom('archivos_contenido').select('Contenido').where('Sha256', '=', sha).executeTakeFirst();
  return row?.Contenido;
}
