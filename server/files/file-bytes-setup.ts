import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { FileBytes } from './file-bytes.ts';
import { sha256Of } from './file-store.ts';
import { FolderFileBytes } from './folder-file-bytes.ts';
import { TableFileBytes } from './table-file-bytes.ts';

/** The folder where a single server keeps file bytes, and where earlier versions kept them. */
export function filesFolderOf(config: Config): string {
  return path.join(config.dataDir, 'files');
}

/**
 * The store the configuration chose for file bytes (config.ts: FILES_URL, DATABASE_URL). The AWS SDK is loaded only
 * when a bucket is the store.
 */
export async function openFileBytes(config: Config, db: Db): Promise<FileBytes> {
  const storage = config.fileStorage;
  switch (storage.kind) {
    case 'folder':
      return new FolderFileBytes(filesFolderOf(config));
    case 's3': {
      const { S3FileBytes } = await import('./s3-file-bytes.ts');
      return new S3FileBytes(storage);
    }
    case 'database':
      return new TableFileBytes(db);
  }
}

/** Files looked at together: the store's round trips overlap, and a folder of any size takes little memory. */
const COPY_BATCH = 16;

/**
 * Names, in the folder, the store it was last copied into whole: nothing writes the folder once another store is
 * chosen, so the next start need not look at every file again (a round trip each).
 */
const COPIED_MARKER = '.copiado-a';

/**
 * Copies into `target` the files an earlier version left in `folder` that `target` lacks, and says how many. Safe
 * to run again and on two nodes at once: a file is copied under its own hash, and writing bytes that are already
 * there changes nothing. A file whose bytes do not match its name is left behind: it would be served as another.
 * Once the folder was copied whole into this store, later starts skip it.
 */
export async function copyFolderFiles(folder: string, target: FileBytes): Promise<number> {
  const marker = path.join(folder, COPIED_MARKER);
  const copiedBefore = await fs.readFile(marker, 'utf8').catch(() => null);
  if (copiedBefore === target.place) return 0;
  const source = new FolderFileBytes(folder);
  const copyOne = async (sha256: string): Promise<number> => {
    if (await target.has(sha256)) return 0;
    const bytes = await source.read(sha256);
    if (!bytes || sha256Of(bytes) !== sha256) return 0;
    await target.write(sha256, bytes);
    return 1;
  };
  const copyBatch = async (batch: string[]) => (await Promise.all(batch.map(copyOne))).reduce((sum, one) => sum + one, 0);
  let copied = 0;
  const batch: string[] = [];
  for await (const sha256 of source.shas()) {
    batch.push(sha256);
    if (batch.length === COPY_BATCH) copied += await copyBatch(batch.splice(0));
  }
  copied += await copyBatch(batch);
  // Only a folder that exists is marked: none means an installation that never kept files here.
  await fs.writeFile(marker, target.place).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  if (copied > 0) console.log(`Archivos: se copiaron ${copied} archivos de ${folder} a ${target.place}.`);
  return copied;
}
