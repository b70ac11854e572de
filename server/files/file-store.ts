import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';

/** Spec: storage URLs expire after 216000 seconds. */
export const SIGNED_URL_SECONDS = 216_000;

export interface StoredFile {
  sha256: string;
  type: string;
  bytes: Buffer;
}

/**
 * Files on disk, content-addressed by SHA-256 (`files/ab/abcdef...`), described in the `archivos` table.
 * One interface so an S3-compatible store can replace the disk later.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly root: string,
    private readonly secret: string,
  ) {}

  private pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Buffer, type: string, now: Date): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(sha256);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
    await this.db
      .insertInto('archivos')
      .values({ Sha256: sha256, Tipo: type, Tamano: bytes.length, CreadoEn: now.toISOString() })
      .onConflict((oc) => oc.column('Sha256').doNothing())
      .execute();
    return sha256;
  }

  async get(sha256: string): Promise<StoredFile | null> {
    const row = await this.db.selectFrom('archivos').selectAll().where('Sha256', '=', sha256).executeTakeFirst();
    if (!row) return null;
    try {
      return { sha256, type: row.Tipo, bytes: await fs.readFile(this.pathOf(sha256)) };
    } catch {
      return null;
    }
  }

  private signature(sha256: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${sha256}:${expires}`).digest('base64url');
  }

  signedUrl(sha256: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_SECONDS;
    return `/api/files/${sha256}?exp=${expires}&sig=${this.signature(sha256, expires)}`;
  }

  isValidSignature(sha256: string, expires: number, signature: string, now: Date): boolean {
    if (!Number.isFinite(expires) || expires < now.getTime() / 1000) return false;
    const expected = Buffer.from(this.signature(sha256, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
