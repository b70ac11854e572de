import type { ReactElement } from 'react';

/**
 * The app half of a module (`app/modules/<name>/<name>.module.tsx`, default export): its screens in the company
 * area, for the manifest of the same name in sync/modules/. The company area finds it by that name.
 */
export interface AppModule {
  screens: () => ReactElement[];
}

export function defineAppModule(half: AppModule): AppModule {
  return half;
}
