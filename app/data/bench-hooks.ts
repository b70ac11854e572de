import { localWrite } from './local-write.ts';

declare global {
  interface Window {
    __benchLocalWrite?: typeof localWrite;
  }
}

/** tests/bench/local-write.bench.ts times the real write path in a browser; only a page opened with `?bench` exposes it. */
export function exposeBenchHooks(): void {
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('bench')) window.__benchLocalWrite = localWrite;
}
