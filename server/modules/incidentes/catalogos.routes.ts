import { Hono } from 'hono';
import { ACCIDENT_CATALOGUES } from '#sync/schemas/incidentes-catalogos.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { catalogueRoutes } from '#server/records/catalogue-routes.ts';
import { CATALOGUE_TEMPLATES } from './catalogos-base.ts';

/** The fifteen accident catalogues, each the family's calls on its declaration (route -> call -> table in README.md). */
export const catalogosRoutes = Object.values(ACCIDENT_CATALOGUES).reduce(
  (routes, entity) => routes.route('/', catalogueRoutes(entity, CATALOGUE_TEMPLATES[entity.table])),
  new Hono<AppEnv>(),
);
