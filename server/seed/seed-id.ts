import { createHash } from 'node:crypto';

/**
 * Seeded records get stable UUIDs (version nibble 8, "custom"), like the ids devices make, so every route and
 * schema treats them alike and a reseeded database has the same ids.
 */
export function seedId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  return uuidOfHash(hex, ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16));
}

/** A version-8 UUID from a SHA-256 in hex, with its variant digit: the shape of every id the server derives. */
export function uuidOfHash(hex: string, variant: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
