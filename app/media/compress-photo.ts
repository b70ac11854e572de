import type { DeviceFile } from '#app/db/inspection-rows.ts';
import { sha256Hex } from '#app/data/local-file.ts';
import { type CompressionClient, createCompressionClient, PHOTO_ERROR_MESSAGE, photoInputType } from './photo-compression-protocol.ts';

/** Undefined until the first photo; null where this browser has no module worker with OffscreenCanvas. */
let client: CompressionClient | null | undefined;

function workerClient(): CompressionClient | null {
  if (client === undefined) {
    try {
      client =
        typeof Worker === 'function' && typeof OffscreenCanvas === 'function'
          ? createCompressionClient(new Worker(new URL('./photo-compression.worker.ts', import.meta.url), { type: 'module' }))
          : null;
    } catch {
      client = null;
    }
  }
  if (client && !client.usable) client = null;
  return client;
}

async function compressedBytes(file: Blob, type: string): Promise<ArrayBuffer> {
  const worker = workerClient();
  if (worker) {
    try {
      return await worker.compress(await file.arrayBuffer(), type);
    } catch {
      // The worker could not start, cannot compress in this browser, or failed on this photo: the main thread tries
      // once more, so a supervisor never loses a photo to a worker quirk (a broken file fails there too).
    }
  }
  const { compressImage } = await import('./photo-compression.ts');
  return compressImage(file, type);
}

/** A photo as the device keeps it: compressed in a worker (browser-image-compression), hashed, ready to store. */
export async function compressPhoto(file: Blob): Promise<DeviceFile> {
  const type = photoInputType(file);
  if (!type) throw new Error(PHOTO_ERROR_MESSAGE);
  let bytes: ArrayBuffer;
  try {
    bytes = await compressedBytes(file, type);
  } catch (error) {
    throw new Error(PHOTO_ERROR_MESSAGE, { cause: error });
  }
  return { sha256: await sha256Hex(bytes), type: 'image/jpeg', bytes, creadoEn: Date.now() };
}
