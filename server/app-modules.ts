import fs from 'node:fs';
import { MODULES, type ModuleName } from '#sync/modules/module-list.ts';
import { ENTITIES } from '#sync/records/entities.ts';
import { offerModuleCommands } from './commands/module-commands.ts';
import type { OverdueRule } from './records/overdue-lights.ts';
import type { RecordRegistry } from './records/record-registry.ts';
import type { ModuleRoutes, ServerModule } from './server-module.ts';

/** Where the server half of a module lives: found by the manifest's name, never listed a second time. */
export function serverHalfUrl(name: ModuleName): URL {
  return new URL(`./modules/${name}/${name}.module.ts`, import.meta.url);
}

/** The server halves of the modules, in the list's order; a module without a server half has none (the inicio). */
export const SERVER_HALVES: readonly { name: ModuleName; half: ServerModule }[] = await Promise.all(
  MODULES.filter((module) => fs.existsSync(serverHalfUrl(module.name))).map(async (module) => ({
    name: module.name,
    half: ((await import(serverHalfUrl(module.name).href)) as { default: ServerModule }).default,
  })),
);

function recordStores(): RecordRegistry {
  const stores: Partial<RecordRegistry> = Object.assign({}, ...SERVER_HALVES.map(({ half }) => half.stores ?? {}));
  const missing = Object.keys(ENTITIES).filter((table) => !Object.hasOwn(stores, table));
  if (missing.length) throw new Error(`Entidades sin almacén en su módulo del servidor: ${missing.join(', ')}`);
  return stores as RecordRegistry;
}

/**
 * The server's composition: every module's record stores, by table. Modules reach each other's records only through
 * these stores (the read registry, `deps.records`), never through each other's files.
 */
export const RECORD_STORES: RecordRegistry = recordStores();

/** Each module's routes under its API base, mounted in the module list's order. */
export const MODULE_ROUTES: readonly ModuleRoutes[] = SERVER_HALVES.flatMap(({ half }) => half.routes ?? []);
offerModuleCommands(MODULE_ROUTES);

/** The records with a traffic light and a deadline: each module's overdue rules (SPEC OV1). */
export const OVERDUE_RULES: readonly OverdueRule<never>[] = SERVER_HALVES.flatMap(({ half }) => half.overdue ?? []);
