export interface UuidV7Options {
  now?: () => number;
  randomBytes?: (length: number) => Uint8Array;
}

const MAX_COUNTER = 0xfff;

function defaultRandomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/**
 * RFC 9562 UUIDv7 with a 12-bit counter in `rand_a` (method 1): ids from one generator sort in creation order even
 * within one millisecond and when the clock steps back, so records created offline keep their order.
 */
export function createUuidV7Generator(options: UuidV7Options = {}): () => string {
  const now = options.now ?? Date.now;
  const randomBytes = options.randomBytes ?? defaultRandomBytes;
  let lastTimestamp = -1;
  let counter = 0;

  return () => {
    const random = randomBytes(10);
    let timestamp = Math.max(Math.floor(now()), lastTimestamp);
    if (timestamp === lastTimestamp) {
      counter += 1;
      if (counter > MAX_COUNTER) {
        // Counter exhausted: borrow the next millisecond rather than break ordering.
        timestamp += 1;
        counter = random[0]! & 0x7ff;
      }
    } else {
      // Start low in the range so many ids in one millisecond fit before overflow.
      counter = ((random[0]! << 8) | random[1]!) & 0x7ff;
    }
    lastTimestamp = timestamp;

    const bytes = new Uint8Array(16);
    const high = Math.floor(timestamp / 2 ** 32);
    const low = timestamp >>> 0;
    bytes[0] = (high >>> 8) & 0xff;
    bytes[1] = high & 0xff;
    bytes[2] = (low >>> 24) & 0xff;
    bytes[3] = (low >>> 16) & 0xff;
    bytes[4] = (low >>> 8) & 0xff;
    bytes[5] = low & 0xff;
    bytes[6] = 0x70 | ((counter >>> 8) & 0x0f);
    bytes[7] = counter & 0xff;
    bytes[8] = 0x80 | (random[2]! & 0x3f);
    bytes.set(random.subarray(3, 10), 9);

    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

export const uuidV7: () => string = createUuidV7Generator();

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Milliseconds since the epoch encoded in a UUIDv7; null for anything that is not one. */
export function uuidV7Time(id: string): number | null {
  return UUID_V7.test(id) ? Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16) : null;
}
