import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface PreloadableScreen<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Loads the screen's code now; safe to call many times. */
  preload: () => Promise<void>;
}

/**
 * `React.lazy` whose code can be loaded ahead of the first visit. A preloaded screen renders at once: React's lazy
 * accepts a thenable that resolves synchronously, so it never suspends, and the first opening does not pay
 * React's 300 ms throttle on revealing a Suspense fallback's content (measured: a list opened in ~460 ms instead
 * of ~150 ms).
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableScreen<P> {
  let loaded: Module<P> | null = null;
  let pending: Promise<Module<P>> | null = null;
  const fetchModule = () =>
    (pending ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return fetchModule();
    const ready = loaded;
    return { then: (resolve: (value: Module<P>) => void) => resolve(ready) } as unknown as Promise<Module<P>>;
  });
  return { Component, preload: () => fetchModule().then(() => undefined) };
}

const scheduled = new Set<() => Promise<void>>();

/**
 * How long after the page's load event the preloads wait: the first screen, its first sync and the person's first
 * look get the network and the main thread first (tests/bench/inicio-lighthouse.bench.ts).
 */
const PRELOAD_AFTER_LOAD_MS = 5000;

function afterLoad(run: () => void): void {
  const later = () => setTimeout(run, PRELOAD_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Loads screens' code a while after the page has loaded, when the browser is idle (the service worker has it offline
 * too), so the everyday lists open without waiting for their code. Each preload runs once per page load.
 */
export function preloadWhenIdle(...preloads: (() => Promise<void>)[]): void {
  const fresh = preloads.filter((preload) => !scheduled.has(preload));
  if (fresh.length === 0 || typeof window === 'undefined') return;
  fresh.forEach((preload) => scheduled.add(preload));
  const run = () => fresh.forEach((preload) => void preload().catch(() => scheduled.delete(preload)));
  afterLoad(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 });
    else run();
  });
}
