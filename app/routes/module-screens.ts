import { MODULES } from '#sync/modules/module-list.ts';
import type { AppModule } from '#app/navigation/app-module.ts';

/** The app halves of the modules, by file: `app/modules/<name>/<name>.module.tsx`. */
const HALVES = import.meta.glob<AppModule>('../modules/*/*.module.tsx', { eager: true, import: 'default' });

export function appHalfOf(name: string): AppModule | undefined {
  return HALVES[`../modules/${name}/${name}.module.tsx`];
}

/** Each listed module's screens, in the module list's order; a module without an app half (fuel, not made yet) has none. */
export const MODULE_SCREENS: readonly AppModule['screens'][] = MODULES.flatMap((module) => {
  const half = appHalfOf(module.name);
  return half ? [half.screens] : [];
});

/** Halves whose module is not listed: a typo in a folder or file name, caught by a test. */
export const UNLISTED_HALVES: readonly string[] = Object.keys(HALVES).filter(
  (file) => !MODULES.some((module) => file === `../modules/${module.name}/${module.name}.module.tsx`),
);
