import imageCompression from 'browser-image-compression';
import { isJpeg, PHOTO_COMPRESSION } from './photo-compression-protocol.ts';

/**
 * A picked photo as a JPEG of at most 1920 px and about 0.6 MB, EXIF orientation applied (the library draws through
 * createImageBitmap, which honours it, and rotates by hand where the browser does not). Runs in our worker, or on
 * the main thread where a worker cannot.
 */
export async function compressImage(photo: Blob, type: string): Promise<ArrayBuffer> {
  const file = new File([photo], 'foto', { type });
  const compressed = await imageCompression(file, { ...PHOTO_COMPRESSION });
  const bytes = await compressed.arrayBuffer();
  if (!isJpeg(bytes)) throw new Error('La foto comprimida no es JPEG');
  return bytes;
}

/**
 * Whether the library can decode inside a worker of this browser. It skips createImageBitmap on Safari and iOS and
 * falls back to `new Image()`, which workers lack; on a browser it does not recognise it reads `document`.
 * Mirrors its own browser sniffing (getBrowserName) so the worker says "unsupported" instead of failing every photo.
 */
export function canCompressInWorker(userAgent: string): boolean {
  if (typeof OffscreenCanvas !== 'function' || typeof createImageBitmap !== 'function') return false;
  try {
    if (!new OffscreenCanvas(1, 1).getContext('2d')) return false;
  } catch {
    return false;
  }
  if (/Chrom(e|ium)/i.test(userAgent)) return true;
  if (/iP(ad|od|hone)/i.test(userAgent) || /Safari/i.test(userAgent)) return false;
  return /Firefox/i.test(userAgent);
}
