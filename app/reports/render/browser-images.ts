import type { ReportImage } from '#sync/records/record-fields.ts';
import { bytesToDataUrl, isDrawableDataUrl, sniffImage } from '../report-images.ts';

/** A photo in another format is re-encoded at most this size: enough for a box a third of an A4 page wide. */
const MAX_CONVERTED_SIDE = 2000;

/**
 * Images in the browser (worker globals only: fetch, createImageBitmap, OffscreenCanvas). `data:`, `blob:` and
 * http(s) URLs are all fetched; a JPEG or PNG is drawn as it is, anything the browser can decode (WebP, and HEIC
 * where Safari can) is re-encoded as JPEG, and what fails (offline, expired link, unknown format) prints as
 * "no disponible".
 */
export async function browserImage(image: ReportImage): Promise<string | null> {
  if (isDrawableDataUrl(image.Url)) return image.Url;
  const response = await fetch(image.Url);
  if (!response.ok) return null;
  const blob = await response.blob();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const kind = sniffImage(bytes);
  if (kind) return bytesToDataUrl(bytes, kind);
  return reencodeAsJpeg(blob);
}

async function reencodeAsJpeg(blob: Blob): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  const bitmap = await createImageBitmap(blob).catch(() => null);
  if (!bitmap) return null;
  try {
    const scale = Math.min(1, MAX_CONVERTED_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a transparent area would turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return bytesToDataUrl(new Uint8Array(await jpeg.arrayBuffer()), 'image/jpeg');
  } finally {
    bitmap.close();
  }
}
