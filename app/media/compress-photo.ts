import type { DeviceFile } from '#app/db/inspection-rows.ts';

/** A photo as the device keeps it: compressed in a worker (browser-image-compression), hashed, ready to store. */
export async function compressPhoto(file: Blob): Promise<DeviceFile> {
  void file;
  throw new Error('compressPhoto: not built yet');
}
