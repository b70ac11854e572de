import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';

/**
 * Images of a report, made drawable before the layout starts. @react-pdf draws only JPEG and PNG and, when an image
 * fails to load, leaves an empty box with no word of why; so each side (browser worker, server) resolves every image
 * first to a `data:` URL of a JPEG or PNG, and the document shows "Imagen no disponible" where that failed.
 */
export type DrawableKind = 'image/jpeg' | 'image/png';

/** The image type by its first bytes (the declared type of a file is not trusted). */
export function sniffImage(bytes: Uint8Array): DrawableKind | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return null;
}

/** Bytes as a base64 `data:` URL, in chunks so a photo of several MB does not overflow the argument stack. */
export function bytesToDataUrl(bytes: Uint8Array, type: string): string {
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += 0x8000) {
    chunks.push(String.fromCharCode(...bytes.subarray(start, start + 0x8000)));
  }
  return `data:${type};base64,${btoa(chunks.join(''))}`;
}

const DRAWABLE_DATA_URL = /^data:image\/(jpeg|jpg|png);base64,/i;

/**
 * A `data:` URL the document can draw as is: a JPEG or PNG label, and first bytes that agree with it (@react-pdf
 * parses by the label, and a PNG labelled JPEG would print as an empty box).
 */
export function isDrawableDataUrl(url: string): boolean {
  const label = DRAWABLE_DATA_URL.exec(url)?.[1]?.toLowerCase();
  if (!label) return false;
  const start = url.indexOf(',') + 1;
  try {
    const head = atob(url.slice(start, start + 16));
    return sniffImage(Uint8Array.from(head, (char) => char.charCodeAt(0))) === (label === 'png' ? 'image/png' : 'image/jpeg');
  } catch {
    return false;
  }
}

/** An object of a report's data that is an image: it has a `Url`, a `Tipo` and a `Sha256`, all text. */
function isReportImage(value: unknown): value is ReportImage {
  if (typeof value !== 'object' || value === null) return false;
  const { Url, Tipo, Sha256 } = value as Record<string, unknown>;
  return typeof Url === 'string' && typeof Tipo === 'string' && typeof Sha256 === 'string';
}

/** Every image of a report's data, wherever the document keeps it, each distinct URL once. */
export function reportImages(data: unknown): ReportImage[] {
  const found = new Map<string, ReportImage>();
  const walk = (value: unknown): void => {
    if (isReportImage(value)) {
      if (value.Url !== '' && !found.has(value.Url)) found.set(value.Url, value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(data);
  return [...found.values()];
}

/** A copy of `data` with every image's URL replaced by `urlOf`. */
function withImageUrls<T>(data: T, urlOf: (image: ReportImage) => string): T {
  const copy = (value: unknown): unknown => {
    if (isReportImage(value)) return { ...value, Url: urlOf(value) };
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]));
    return value;
  };
  return copy(data) as T;
}

/** Turns an image into a drawable `data:` URL, or null when it cannot be had (offline, missing, unknown format). */
export type ImageResolver = (image: ReportImage) => Promise<string | null>;

export interface ImageProgress {
  done: number;
  total: number;
}

/**
 * A copy of the report's data whose image URLs are all drawable `data:` URLs, or '' where the image could not be
 * had. A few at a time: a report with dozens of photos must not hold every download and decode in flight at once.
 */
export async function resolveReportImages<T>(data: T, resolve: ImageResolver, onProgress?: (progress: ImageProgress) => void): Promise<T> {
  const images = reportImages(data);
  const resolved = new Map<string, string>();
  let next = 0;
  let done = 0;
  onProgress?.({ done, total: images.length });
  const work = async () => {
    while (next < images.length) {
      const image = images[next++]!;
      resolved.set(image.Url, (await resolve(image).catch(() => null)) ?? '');
      onProgress?.({ done: ++done, total: images.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, images.length) }, work));
  return withImageUrls(data, (image) => resolved.get(image.Url) ?? '');
}

/**
 * A report builder's image loader that counts what it could not load: a missing image is drawn as an empty box named
 * by its hash, and `missing()` tells the screen how many (the report says it is incomplete).
 */
export function countingImages(loadFile: (file: FileRef) => Promise<ReportImage | null>) {
  let missing = 0;
  return {
    image: async (file: FileRef): Promise<ReportImage> => {
      const loaded = await loadFile(file);
      if (loaded) return loaded;
      missing += 1;
      return { Sha256: file.Sha256, Tipo: file.Tipo, Url: '' };
    },
    missing: () => missing,
  };
}
