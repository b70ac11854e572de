import { MODULES } from '#sync/modules/module-list.ts';
import { APP_ADDRESSES, fixedAddresses, recordRoutes, type RecordPaths } from './paths.ts';

/** Where each entity a menu entry maintains (`records` in its module's manifest) is listed, created, edited and read. */
export const MAINTAINER_PATHS: Readonly<Record<string, RecordPaths>> = Object.fromEntries(
  MODULES.flatMap((module) => module.menu).flatMap((entry) => (entry.records ? [[entry.records, recordRoutes(entry.ruta)]] : [])),
);

/**
 * What this app serves, read from its own table of routes: a permission route (a menu entry, a row of the role
 * matrix, a system's home) is shown only when the app has a screen at that address. The catalogue keeps modules the
 * product does not have yet (fuel, some dashboards) with their ids and grants; they stay in the database and out
 * of sight until their screens are added here.
 */
export const SERVED_ROUTES: ReadonlySet<string> = new Set([...APP_ADDRESSES, ...fixedAddresses(MAINTAINER_PATHS)]);

export function isServedRoute(route: string): boolean {
  return SERVED_ROUTES.has(route);
}
