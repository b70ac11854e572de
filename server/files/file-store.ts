import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { FileBytes } from './file-bytes.ts';

/** Spec: storage URLs expire after 216000 seconds. */
export const SIGNED_URL_SECONDS = 216_000;

export interface StoredFile {
  sha256: string;
  type: string;
  bytes: Buffer;
}

/** What the API answers about a stored file (wire names of the `archivos` table). */
export interface FileDescription {
  Sha256: string;
  Tipo: string;
  Tamano: number;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Files content-addressed by SHA-256: their bytes in a FileBytes store (a folder, an S3-compatible bucket or a
 * database table), described in the `archivos` table, with the companies that uploaded each in `archivos_empresa`.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    private readonly bytes: FileBytes,
    private readonly secret: string,
  ) {}

  /**
   * The same store writing its rows (and bytes kept in the database) through `db` (a transaction): inside a
   * transaction every query must use the transaction, or the single SQLite connection waits for itself (TOOLCHAIN.md).
   */
  withDb(db: Db): FileStore {
    return new FileStore(db, this.bytes.withDb(db), this.secret);
  }

  /** Stores the bytes (once, whoever sends them) and records that `company`, when given, uploaded them. */
  async put(bytes: Uint8Array, type: string, now: Date, company?: string): Promise<string> {
    const sha256 = sha256Of(bytes);
    // Bytes before the row: a row never points at bytes that were not written.
    await this.bytes.write(sha256, bytes);
    await this.db
      .insertInto('archivos')
      .values({ Sha256: sha256, Tipo: type, Tamano: bytes.length, CreadoEn: now.toISOString() })
      .onConflict((oc) => oc.column('Sha256').doNothing())
      .execute();
    if (company !== undefined) {
      await this.db
        .insertInto('archivos_empresa')
        .values({ Sha256: sha256, IdEmpresa: company, CreadoEn: now.toISOString() })
        .onConflict((oc) => oc.columns(['IdEmpresa', 'Sha256']).doNothing())
        .execute();
    }
    return sha256;
  }

  /** The description of a file `company` uploaded, or undefined: another company's file is not revealed. */
  describeForCompany(sha256: string, company: string): Promise<FileDescription | undefined> {
    return this.db
      .selectFrom('archivos')
      .innerJoin('archivos_empresa', 'archivos_empresa.Sha256', 'archivos.Sha256')
      .select(['archivos.Sha256', 'archivos.Tipo', 'archivos.Tamano'])
      .where('archivos_empresa.IdEmpresa', '=', company)
      .where('archivos.Sha256', '=', sha256)
      .executeTakeFirst();
  }

  async get(sha256: string): Promise<StoredFile | null> {
    const row = await this.db.selectFrom('archivos').selectAll().where('Sha256', '=', sha256).executeTakeFirst();
    if (!row) return null;
    const bytes = await this.bytes.read(sha256);
    return bytes ? { sha256, type: row.Tipo, bytes } : null;
  }

  private signature(sha256: string, expires: number): string {
    return this.sign(`${sha256}:${expires}`);
  }

  /**
   * The HMAC (session secret) of `text`, base64url: what a signed file URL carries, and any other short-lived link
   * whose signature is its credential (an inspector's PDF link). Callers prefix their text so no two kinds of link
   * can stand for each other.
   */
  sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  /** Whether `signature` is `sign(text)`, compared in constant time. */
  isSigned(text: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  signedUrl(sha256: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_SECONDS;
    return `/api/files/${sha256}?exp=${expires}&sig=${this.signature(sha256, expires)}`;
  }

  /** The signed links of a record's files by hash: a detail answer's `Urls`, for the files the device does not hold. */
  signedUrls(files: Iterable<string | { Sha256: string }>, now: Date): Record<string, string> {
    const shas = [...files].map((file) => (typeof file === 'string' ? file : file.Sha256));
    return Object.fromEntries(shas.map((sha) => [sha, this.signedUrl(sha, now)]));
  }

  isValidSignature(sha256: string, expires: number, signature: string, now: Date): boolean {
    if (!Number.isFinite(expires) || expires < now.getTime() / 1000) return false;
    const expected = Buffer.from(this.signature(sha256, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
