import { describe, expect, it } from 'vitest';
import type { PointGroup } from 'signature_pad';
import { hasInk, scaledStrokes } from './signature-ink.ts';

const stroke = (points: [number, number][]): PointGroup => ({
  dotSize: 0,
  minWidth: 0.5,
  maxWidth: 2.5,
  penColor: '#1f1f1f',
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
  points: points.map(([x, y], time) => ({ x, y, pressure: 0.5, time })),
});

describe('signature pad strokes and ink', () => {
  it('keeps a signature whole when the pad turns narrower (a tablet rotated): one factor for both axes', () => {
    const strokes = [stroke([[100, 50], [700, 150]])];
    const [moved] = scaledStrokes(strokes, { width: 800, height: 200 }, { width: 400, height: 200 });
    expect(moved!.points.map(({ x, y }) => [x, y])).toEqual([[50, 25], [350, 75]]);
    expect(moved!.points.every(({ x, y }) => x <= 400 && y <= 200)).toBe(true);
    // The original strokes are not changed.
    expect(strokes[0]!.points[1]!.x).toBe(700);
  });

  it('leaves the strokes where they were when the size does not change', () => {
    const strokes = [stroke([[10, 20]])];
    expect(scaledStrokes(strokes, { width: 300, height: 150 }, { width: 300, height: 150 })[0]!.points[0]).toMatchObject({ x: 10, y: 20 });
  });

  it('sees no ink on a white or transparent canvas, and sees a single dark pixel', () => {
    const white = new Uint8ClampedArray(4 * 100).fill(255);
    expect(hasInk(white)).toBe(false);
    expect(hasInk(new Uint8ClampedArray(4 * 100))).toBe(false);
    const faint = white.slice();
    faint.set([230, 230, 230, 255], 40);
    expect(hasInk(faint)).toBe(false);
    const inked = white.slice();
    inked.set([31, 31, 31, 255], 200);
    expect(hasInk(inked)).toBe(true);
  });
});
