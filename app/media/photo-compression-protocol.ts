/** What a person reads when a picked file cannot become a photo of the record. */
export const PHOTO_ERROR_MESSAGE = 'No fue posible procesar la foto';

/**
 * Every photo kept on the device: longest side 1920 px, about 0.6 MB, JPEG. `useWebWorker: false` because the
 * library's own worker loads its script from a CDN (`libURL`), which fails offline: it runs inside our worker.
 */
export const PHOTO_COMPRESSION = {
  maxWidthOrHeight: 1920,
  maxSizeMB: 0.6,
  initialQuality: 0.8,
  fileType: 'image/jpeg',
  useWebWorker: false,
} as const;

export interface CompressRequest {
  id: number;
  /** The picked file's bytes, transferred (not copied) to the worker. */
  bytes: ArrayBuffer;
  type: string;
}

/** `unsupported`: this browser cannot compress inside a worker, so every photo goes to the main thread. */
export type CompressReply =
  | { id: number; ok: true; bytes: ArrayBuffer }
  | { id: number; ok: false; reason: 'unsupported' | 'failed'; detail: string };

/** The worker died, could not load, or cannot compress here: the caller compresses on the main thread instead. */
export class WorkerUnavailableError extends Error {}

/** The worker tried and failed on this photo. */
export class WorkerCompressionError extends Error {}

export type WorkerPort = Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>;

export interface CompressionClient {
  /** False once the worker failed to start or said it cannot compress here; it is never asked again. */
  readonly usable: boolean;
  /** Resolves with the compressed JPEG's bytes; `bytes` is transferred and unusable afterwards. */
  compress: (bytes: ArrayBuffer, type: string) => Promise<ArrayBuffer>;
}

/** One long-lived worker shared by every photo; replies may come in any order and are matched by id. */
export function createCompressionClient(worker: WorkerPort): CompressionClient {
  const pending = new Map<number, { resolve: (bytes: ArrayBuffer) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let usable = true;

  const giveUp = (reason: string) => {
    usable = false;
    worker.terminate();
    for (const request of pending.values()) request.reject(new WorkerUnavailableError(reason));
    pending.clear();
  };

  worker.addEventListener('message', (event: MessageEvent<CompressReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    if (!request) return;
    pending.delete(reply.id);
    if (reply.ok) request.resolve(reply.bytes);
    else if (reply.reason === 'unsupported') {
      request.reject(new WorkerUnavailableError(reply.detail));
      giveUp(reply.detail);
    } else request.reject(new WorkerCompressionError(reply.detail));
  });
  worker.addEventListener('error', (event) => {
    // A worker script that cannot load (an old deploy's chunk, a blocked URL) must not strand the photos asked of it.
    event.preventDefault();
    giveUp(event.message || 'El worker de fotos no pudo iniciar');
  });
  worker.addEventListener('messageerror', () => giveUp('Mensaje ilegible del worker de fotos'));

  return {
    get usable() {
      return usable;
    },
    compress(bytes, type) {
      if (!usable) return Promise.reject(new WorkerUnavailableError('El worker de fotos no está disponible'));
      const id = nextId++;
      return new Promise<ArrayBuffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: CompressRequest = { id, bytes, type };
        worker.postMessage(request, [bytes]);
      });
    },
  };
}

/**
 * The type handed to the compressor, or null for a file that is not a photo. Some pickers give no type at all:
 * decoding sniffs the bytes, so those are tried as JPEG and fail later if they are not an image.
 */
export function photoInputType(file: Blob): string | null {
  if (file.type.startsWith('image/')) return file.type;
  return file.type === '' ? 'image/jpeg' : null;
}

/** A JPEG starts with the SOI marker and a segment marker (FF D8 FF). */
export function isJpeg(bytes: ArrayBuffer): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  return head.length === 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}
