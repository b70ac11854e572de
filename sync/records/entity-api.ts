import type { EntityApi } from './entity.ts';

/**
 * The spec's usual calls of a company's record under `path` (EPP requests, a training programme): the list and the
 * create on `{path}/:company`; one record read, edited and deleted on `{path}/:{id}/:company`.
 */
export function companyRecordApi(base: EntityApi['base'], path: string, id: string): EntityApi {
  const one = `${path}/:${id}/:company`;
  return { base, list: `${path}/:company`, detail: one, create: `${path}/:company`, update: one, remove: one };
}
