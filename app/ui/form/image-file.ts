import { IMAGE_MESSAGES, INLINE_IMAGE_MAX_BYTES, type InlineImage, InlineImageSchema } from '#sync/schemas/common.schema.ts';
import * as v from 'valibot';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

export type ImageReadResult = { ok: true; image: InlineImage; previewUrl: string } | { ok: false; message: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el archivo'));
    reader.readAsDataURL(file);
  });
}

/** A chosen avatar or logo as the inline image the server accepts, checked before reading a huge file. */
export async function readImageFile(file: File): Promise<ImageReadResult> {
  if (file.size > INLINE_IMAGE_MAX_BYTES) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(file);
  } catch {
    return { ok: false, message: 'No se pudo leer la imagen' };
  }
  const result = v.safeParse(InlineImageSchema, { Tipo: file.type, Datos: dataUrl.slice(dataUrl.indexOf(',') + 1) });
  if (!result.success) return { ok: false, message: result.issues[0].message };
  return { ok: true, image: result.output, previewUrl: dataUrl };
}
