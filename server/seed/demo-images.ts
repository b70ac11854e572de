import { crc32, deflateSync } from 'node:zlib';

/** An RGB image as PNG bytes: enough for demo signatures and photos without shipping binary files. */
function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A handwritten-looking stroke on white; `seed` varies its shape so each signer's differs. */
export function demoSignaturePng(seed: number): Buffer {
  const width = 240;
  const height = 90;
  const stroke = (x: number) => height / 2 + Math.sin(x / (9 + seed)) * 22 * Math.cos(x / (31 + seed * 3)) + Math.sin(x / 4 + seed) * 3;
  return encodePng(width, height, (x, y) => {
    const inside = x > 16 && x < width - 16 && Math.abs(y - stroke(x)) < 2.2;
    return inside ? [20, 40, 110] : [255, 255, 255];
  });
}

/** A small "photo" of a worksite: sky, ground and a yellow barrier, tinted by `seed`. */
export function demoPhotoPng(seed: number): Buffer {
  const width = 160;
  const height = 120;
  return encodePng(width, height, (x, y) => {
    if (y > 70 && y < 82 && (Math.floor((x + seed * 7) / 16) % 2 === 0)) return [242, 183, 5];
    if (y > 70 && y < 82) return [30, 30, 30];
    if (y < 60) return [120 + seed * 10, 170, 225];
    return [150 - (y % 7) * 3, 110 + seed * 5, 70];
  });
}
