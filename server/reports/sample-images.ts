import zlib from 'node:zlib';

/**
 * Real JPEG and PNG files for report tests, made in code so no binary sits in the repository. The JPEG is a
 * baseline grayscale file whose 8x8 blocks are each one flat shade (DC coefficients only): tiny, and decoded by
 * every reader (poppler, browsers, @react-pdf's parser) like any camera photo.
 */
export function blockJpeg(width: number, height: number, shade: (blockX: number, blockY: number) => number): Buffer {
  if (width % 8 || height % 8) throw new Error('blockJpeg: width and height must be multiples of 8');
  const bytes: number[] = [];
  const segment = (marker: number, body: number[]) => bytes.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  bytes.push(0xff, 0xd8);
  segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  // Quantiser 8 everywhere: a flat block of level s (pixel - 128) has the DC coefficient 8s, stored as s.
  segment(0xdb, [0, ...new Array<number>(64).fill(8)]);
  segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  const dcBits = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
  const dcValues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  segment(0xc4, [0x00, ...dcBits, ...dcValues]);
  // One AC symbol, end-of-block, with the one-bit code "0".
  segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]);
  segment(0xda, [1, 1, 0x00, 0, 63, 0]);

  const dcCodes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < dcBits[length - 1]!; i++) dcCodes.set(dcValues[k++]!, { code: code++, length });
    code <<= 1;
  }
  let accumulator = 0;
  let pending = 0;
  const writeBits = (value: number, length: number) => {
    for (let bit = length - 1; bit >= 0; bit--) {
      accumulator = (accumulator << 1) | ((value >> bit) & 1);
      if (++pending === 8) {
        bytes.push(accumulator);
        if (accumulator === 0xff) bytes.push(0x00);
        accumulator = 0;
        pending = 0;
      }
    }
  };
  let previous = 0;
  for (let blockY = 0; blockY < height / 8; blockY++) {
    for (let blockX = 0; blockX < width / 8; blockX++) {
      const level = Math.max(0, Math.min(255, Math.round(shade(blockX, blockY)))) - 128;
      const diff = level - previous;
      previous = level;
      const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      const { code: dcCode, length } = dcCodes.get(category)!;
      writeBits(dcCode, length);
      if (category > 0) writeBits(diff >= 0 ? diff : diff + (1 << category) - 1, category);
      writeBits(0, 1);
    }
  }
  if (pending > 0) writeBits(0xff, 8 - pending);
  bytes.push(0xff, 0xd9);
  return Buffer.from(bytes);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA (`alpha`) or RGB PNG painted pixel by pixel. */
export function paintedPng(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number, number],
  alpha = true,
): Buffer {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * channels + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const pixel = paint(x, y);
      for (let c = 0; c < channels; c++) raw[row + 1 + x * channels + c] = pixel[c]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signature as the pad draws it: a dark wavy stroke on a transparent background. */
export function signaturePng(seed: number): Buffer {
  return paintedPng(240, 80, (x, y) => {
    const centre = 40 + 22 * Math.sin((x + seed * 17) / (14 + seed));
    return Math.abs(y - centre) < 2.2 ? [20, 30, 90, 255] : [255, 255, 255, 0];
  });
}

/** A photo-like JPEG: shaded blocks that differ by seed, so no two photos are the same file. */
export function samplePhotoJpeg(seed: number, width = 320, height = 240): Buffer {
  return blockJpeg(width, height, (bx, by) => 128 + 90 * Math.sin((bx + seed) / 3) * Math.cos((by - seed) / 4));
}

export function dataUrl(bytes: Buffer, type: string): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}
