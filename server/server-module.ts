import type { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { Db } from './db/database.ts';
import type { FileStore } from './files/file-store.ts';
import type { OverdueRule } from './records/overdue-lights.ts';
import type { RecordRegistry } from './records/record-registry.ts';

/** A module's routes under the API base its entities name (`/api/<module>`, the spec's module base paths). */
export interface ModuleRoutes {
  base: `/api/${string}`;
  routes: Hono<AppEnv>;
}

/**
 * The server half of a module (`server/modules/<name>/<name>.module.ts`, default export): what runs on the server for
 * the manifest of the same name in sync/modules/. The registry (server/app-modules.ts) finds it by that name.
 */
export interface ServerModule {
  /** The record store of each of the module's entities, by table; a store may add what the module holds about a worker. */
  stores?: Partial<RecordRegistry>;
  routes?: readonly ModuleRoutes[];
  /** The module's records with a traffic light and a deadline: the rule turns them red (SPEC OV1). */
  overdue?: readonly OverdueRule<never>[];
  /**
   * The module's own reference data for a demo company (a catalogue's proposed rows), each with its change-log row;
   * idempotent, since the demo seed runs at every start. Modules seeded before this existed keep their seeds in
   * server/seed/.
   */
  seedDemo?: (db: Db, company: string, now: Date, with_: DemoSeedTools) => Promise<void>;
}

/** What a module's demo seed writes through: every entity's store, and the file store when the server has one. */
export interface DemoSeedTools {
  records: RecordRegistry;
  files?: FileStore;
}

export function defineServerModule(half: ServerModule): ServerModule {
  return half;
}
