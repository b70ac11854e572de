import type { LocalFile } from './local-write.ts';

export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A picked or drawn file as the outbox keeps it: its bytes (never the Blob, SPEC FL1), type and hash. */
export async function toLocalFile(blob: Blob, type = blob.type): Promise<LocalFile> {
  const bytes = await blob.arrayBuffer();
  return { sha256: await sha256Hex(bytes), type, bytes };
}

/** A URL to show bytes kept on the device; the caller revokes it. */
export function objectUrlOf(file: Pick<LocalFile, 'bytes' | 'type'>): string {
  return URL.createObjectURL(new Blob([file.bytes], { type: file.type }));
}
