import type { PointGroup } from 'signature_pad';

export interface PadSize {
  width: number;
  height: number;
}

/**
 * The strokes of a signature moved onto a pad of another size (a tablet rotated or a window resized mid-signature),
 * scaled by one factor so the whole signature stays on the pad and keeps its shape. Same size: unchanged.
 */
export function scaledStrokes(strokes: readonly PointGroup[], from: PadSize, to: PadSize): PointGroup[] {
  if (from.width <= 0 || from.height <= 0 || to.width <= 0 || to.height <= 0)
    return strokes.map((stroke) => ({ ...stroke, points: [...stroke.points] }));
  const factor = Math.min(to.width / from.width, to.height / from.height);
  return strokes.map((stroke) => ({
    ...stroke,
    points: stroke.points.map((point) => ({ ...point, x: point.x * factor, y: point.y * factor })),
  }));
}

/** How far from the white background a pixel must be to count as ink (anti-aliased edges are lighter). */
const INK_DISTANCE = 64;

/**
 * Whether RGBA pixels hold any ink on a white background: what is actually drawn, not what the pad remembers (a pad
 * whose canvas was cleared by a resize still reports its strokes).
 */
export function hasInk(pixels: Uint8ClampedArray): boolean {
  for (let index = 0; index < pixels.length; index += 4) {
    if (pixels[index + 3]! === 0) continue;
    const distance = Math.max(255 - pixels[index]!, 255 - pixels[index + 1]!, 255 - pixels[index + 2]!);
    if (distance > INK_DISTANCE) return true;
  }
  return false;
}
