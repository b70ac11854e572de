import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { ModuleRoutes } from '../server-module.ts';
import { checkEntry, type CommandAnswer, type CommandCall, type CommandCheck } from './command.ts';
import { CommandTable } from './command-table.ts';

/**
 * The modules' writes as commands by method and path, for a call that is another module's call under another name
 * (the associated companies' PUT of a contractor company is the contractor companies' PUT): it runs that command, its
 * rules, transaction and answer, instead of a copy, and without importing the other module. The composition
 * (server/app-modules.ts) hands the routes over once, before the server answers anything.
 */
let offered: readonly ModuleRoutes[] = [];
let table: CommandTable | undefined;

export function offerModuleCommands(routes: readonly ModuleRoutes[]): void {
  offered = routes;
  table = undefined;
}

function tableOf(routes: readonly ModuleRoutes[]): CommandTable {
  // Mounted as server/app.ts mounts them, in the same order: a path finds the route its own call would reach.
  const all = new Hono<AppEnv>();
  for (const module of routes) all.route(module.base, module.routes);
  return new CommandTable(all.routes);
}

/** What of the other command's checks still runs: its reading of the path, query and body. */
const INPUT_CHECKS: ReadonlySet<CommandCheck['kind']> = new Set(['param', 'query', 'json', 'fields']);

/**
 * Runs the command behind `method path` (a full `/api/...` path) for the calling command: the other command's path
 * and body checks (its 400s), then its work. Who may call it is the calling command's own checks' business: its
 * permission route, its company and its kind of user were checked before it delegates.
 */
export async function runModuleCommand(call: CommandCall, method: string, path: string, body?: unknown): Promise<CommandAnswer> {
  table ??= tableOf(offered);
  const found = table.find(method, path);
  if (!found) throw new Error(`Ningún comando responde ${method} ${path}`);
  const command = { ...found.command, checks: found.command.checks.filter((check) => INPUT_CHECKS.has(check.kind)) };
  const input = checkEntry(command, call.session, call.claims, { params: found.params, query: {}, body });
  return found.command.run(call, input);
}
