import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import type { AppDb } from '#app/db/app-db.ts';

/** Images a report draws from this device: photos and signatures taken here, as `data:` URLs. */
function dataUrlOf(bytes: ArrayBuffer, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('No fue posible leer el archivo'));
    reader.readAsDataURL(new Blob([bytes], { type }));
  });
}

/** A photo or signature taken on this device: kept after upload (archivosDispositivo) or still queued (outboxFiles). */
export async function deviceImage(db: AppDb, ref: FileRef): Promise<ReportImage | null> {
  const file = (await db.archivosDispositivo.get(ref.Sha256)) ?? (await db.outboxFiles.get(ref.Sha256));
  return file ? { Sha256: ref.Sha256, Tipo: file.type, Url: await dataUrlOf(file.bytes, file.type) } : null;
}

