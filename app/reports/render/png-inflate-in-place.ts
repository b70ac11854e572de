import { unzlibSync } from 'fflate';

export * from 'fflate';

/**
 * fflate's asynchronous `unzlib` as png-js calls it for each PNG of a report (every signature), done here: fflate's
 * own starts a worker from a blob: URL for each call, which the content policy refuses (worker-src 'self',
 * server/http/security-headers.ts). The report already runs in its own worker, so nothing waits on this. vite.config.ts
 * gives it to png-js's import of fflate only.
 */
export function unzlib(data: Uint8Array, callback: (error: Error | null, result: Uint8Array | null) => void): void {
  queueMicrotask(() => {
    let result: Uint8Array;
    try {
      result = unzlibSync(data);
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)), null);
      return;
    }
    callback(null, result);
  });
}
