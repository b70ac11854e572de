import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileBytes } from './file-bytes.ts';

const SHA256_NAME = /^[a-f0-9]{64}$/;

/** Bytes in a local folder, content-addressed: `<root>/ab/abcdef...`. One server's data folder. */
export class FolderFileBytes implements FileBytes {
  constructor(private readonly root: string) {}

  get place(): string {
    return this.root;
  }

  private pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  has(sha256: string): Promise<boolean> {
    return fs.stat(this.pathOf(sha256)).then(
      () => true,
      () => false,
    );
  }

  async write(sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(sha256);
    const exists = await fs.stat(target).then(
      (stat) => stat.size === bytes.length,
      () => false,
    );
    // The rename is atomic, so a file at its final name is complete; a unique temporary name keeps two
    // simultaneous uploads of the same bytes from renaming each other's half-written file.
    if (exists) return;
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  }

  async read(sha256: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  withDb(): FileBytes {
    return this;
  }

  /** The hashes of the files in the folder; half-written temporary files are not among them. */
  async *shas(): AsyncGenerator<string> {
    const shards = await fs.readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const shard of shards) {
      if (!shard.isDirectory()) continue;
      for (const name of await fs.readdir(path.join(this.root, shard.name))) {
        if (SHA256_NAME.test(name) && name.startsWith(shard.name)) yield name;
      }
    }
  }
}
