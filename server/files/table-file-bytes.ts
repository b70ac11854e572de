import type { Db } from '../db/database.ts';
import type { FileBytes } from './file-bytes.ts';

/**
 * Bytes in the database's `archivos_contenido` table, shared by every API node without another service. Written
 * through the caller's transaction, so the bytes and the rows that describe them commit together.
 */
export class TableFileBytes implements FileBytes {
  readonly place = 'la tabla archivos_contenido';

  constructor(private readonly db: Db) {}

  async has(sha256: string): Promise<boolean> {
    const row = await this.db.selectFrom('archivos_contenido').select('Sha256').where('Sha256', '=', sha256).executeTakeFirst();
    return row !== undefined;
  }

  async write(sha256: string, bytes: Uint8Array): Promise<void> {
    await this.db
      .insertInto('archivos_contenido')
      .values({ Sha256: sha256, Contenido: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
      .onConflict((oc) => oc.column('Sha256').doNothing())
      .execute();
  }

  async read(sha256: string): Promise<Buffer | null> {
    const row = await this.db.selectFrom('archivos_contenido').select('Contenido').where('Sha256', '=', sha256).executeTakeFirst();
    return row?.Contenido ?? null;
  }

  withDb(db: Db): FileBytes {
    return new TableFileBytes(db);
  }
}
