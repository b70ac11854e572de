/** Runs `fn` under the named lock; the app passes `navigator.locks.request` (RP1). */
export type WithLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** A lock within one instance, for tests and for browsers without Web Locks. */
export function createLocalLock(): WithLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}
