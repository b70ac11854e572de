import { canCompressInWorker, compressImage } from './photo-compression.ts';
import type { CompressReply, CompressRequest } from './photo-compression-protocol.ts';

interface WorkerScope {
  addEventListener: (type: 'message', listener: (event: MessageEvent<CompressRequest>) => void) => void;
  postMessage: (message: CompressReply, transfer: Transferable[]) => void;
  navigator: { userAgent: string };
}

const scope = globalThis as unknown as WorkerScope;
const supported = canCompressInWorker(scope.navigator.userAgent);
// One photo at a time: a 12-megapixel photo decodes to ~48 MB of pixels, and phones have little memory to spare.
let queue = Promise.resolve();

async function answer({ id, bytes, type }: CompressRequest): Promise<void> {
  if (!supported) {
    scope.postMessage({ id, ok: false, reason: 'unsupported', detail: 'Este navegador no comprime fotos en un worker' }, []);
    return;
  }
  try {
    const compressed = await compressImage(new Blob([bytes], { type }), type);
    scope.postMessage({ id, ok: true, bytes: compressed }, [compressed]);
  } catch (error) {
    scope.postMessage({ id, ok: false, reason: 'failed', detail: error instanceof Error ? error.message : String(error) }, []);
  }
}

scope.addEventListener('message', (event) => {
  queue = queue.then(() => answer(event.data));
});
