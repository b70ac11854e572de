import type { Db } from '../db/database.ts';

/**
 * Where the bytes of stored files live, each under its SHA-256: a local folder, an S3-compatible store or a
 * database table (server/files/file-bytes-setup.ts chooses). The rows that describe them stay in the database.
 * A storage failure throws; only bytes that are not there read as null.
 */
export interface FileBytes {
  /** Where the bytes are, for a person reading the server's log. */
  readonly place: string;
  has(sha256: string): Promise<boolean>;
  /** Stores the bytes under their hash; writing bytes that are already there changes nothing. */
  write(sha256: string, bytes: Uint8Array): Promise<void>;
  read(sha256: string): Promise<Buffer | null>;
  /** The same bytes written through `db` (a transaction), for a store inside the database. */
  withDb(db: Db): FileBytes;
}
