import type { RouterRoute } from 'hono/types';
import { CachingRouter } from '../http/caching-router.ts';
import { COMMAND, type Command } from './command.ts';

/** The command behind a batch entry's method and path, with the path's parameters as the route would read them. */
export interface FoundCommand {
  command: Command;
  params: Record<string, string>;
}

const decoded = (value: string) => {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The app's routes as the batch sees them: each method and path the app serves, with its command when its last
 * handler is one. Matched with the same router and in the same order as the app, so an entry finds exactly the
 * route its single call would reach; a route that is not a command (yet) is reached through the whole app.
 */
export class CommandTable {
  private readonly router = new CachingRouter<Command | null>();

  constructor(routes: readonly RouterRoute[]) {
    const byRoute = new Map<string, { method: string; path: string; command: Command | null }>();
    for (const route of routes) {
      if (route.method === 'ALL') continue;
      const id = `${route.method} ${route.path}`;
      const known = byRoute.get(id) ?? { method: route.method, path: route.path, command: null };
      known.command ??= (route.handler as { [COMMAND]?: Command })[COMMAND] ?? null;
      byRoute.set(id, known);
    }
    for (const { method, path, command } of byRoute.values()) this.router.add(method, path, command);
  }

  find(method: string, path: string): FoundCommand | undefined {
    const [matches, stash] = this.router.match(method, path);
    const first = matches[0];
    if (!first || first[0] === null) return undefined;
    const params: Record<string, string> = {};
    for (const [name, at] of Object.entries(first[1] as Record<string, string | number>))
      params[name] = decoded(stash ? String(stash[at as number]) : String(at));
    return { command: first[0], params };
  }
}
