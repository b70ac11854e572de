import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct method and path pairs remembered; past it they are forgotten all at once and learnt again. */
const REMEMBERED = 2000;

/**
 * Hono's default router whose answers are remembered by method and path. Our routes make Hono fall back from its
 * RegExpRouter to its TrieRouter (a worker's detail and a worker's delete share a prefix it cannot compile), which
 * walks its tree on every request: about 6 µs, and a batch routes each of its entries (SPEC RP5). A device's writes
 * mostly repeat a few paths (ids travel in bodies), so most lookups are one map read. A match is only read, never
 * changed, by the request that uses it, so one can serve many.
 */
export class CachingRouter<T> implements Router<T> {
  readonly name = 'CachingRouter';
  private readonly router: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
  private readonly matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.matches.clear();
    this.router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.matches.get(key);
    if (result === undefined) {
      result = this.router.match(method, path);
      if (this.matches.size >= REMEMBERED) this.matches.clear();
      this.matches.set(key, result);
    }
    return result;
  }
}
