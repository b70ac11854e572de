import type { InlineImage } from '#sync/schemas/common.schema.ts';
import type { FileStore } from './file-store.ts';

/** An image sent inline (an avatar, a logo), stored content-addressed for the company; its sha256. */
export async function storeInlineImage(files: FileStore, company: string, image: InlineImage, now: Date): Promise<string> {
  return files.put(Buffer.from(image.Datos, 'base64'), image.Tipo, now, company);
}

/** The signed address of a stored image, or the default image's (spec section 5: default logo and avatar). */
export function imageOrDefault(files: FileStore, sha256: string | null, now: Date, fallback: string): { url: string; own: boolean } {
  return sha256 ? { url: files.signedUrl(sha256, now), own: true } : { url: fallback, own: false };
}
