import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { MODULE_SCREENS, UNLISTED_HALVES } from './module-screens.ts';

const registered = () =>
  MODULE_SCREENS.flatMap((screens) => screens()).map((route) => (route as ReactElement<{ path?: string }>).props.path);

describe('the app halves of the modules', () => {
  it('belong to listed modules, named after them', () => {
    expect(UNLISTED_HALVES).toEqual([]);
  });

  it('register each screen once', () => {
    const paths = registered();
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('give every catalogue a menu entry maintains its list, nuevo, editar and detalles', () => {
    const paths = new Set(registered());
    for (const routes of Object.values(MAINTAINER_PATHS)) {
      for (const route of [routes.list, routes.nuevo, routes.editar, routes.detalles]) expect(paths.has(route.path), route.path).toBe(true);
    }
  });
});
