import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { type EntityTable, isEntityTable, UndescribedTableError } from '#sync/records/entities.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import { DeviceScopeQueryEntries } from '#sync/records/worksites.ts';
import { rowsForQuery } from '#server/tenancy/record-worksites.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { AppEnv } from '../app-env.ts';
import { validate, VersionQuerySchema } from '../http/validation.ts';
import { readAccess } from './read-access.ts';
import { requireOwnCompany, requireSession } from '../tenancy/require-session.ts';
import type { RecordStore } from './record-store.ts';
import { createRecord, deleteRecord, type RecordRules, updateRecord } from './record-writes.ts';
import { commandWriteContext, writeOutcomeAnswer } from './write-answer.ts';
import { commandHandlers } from '../commands/command.ts';

const security = [{ bearerAuth: [] }];

/** The spec's calls on the module's root are written '' in a description: Hono mounts them at '/'. */
const at = (template: string) => (template === '' ? '/' : template);

/** The parameters of a call template, validated: `:company` is checked against the token, `:user` must be the token's. */
function paramsSchema(template: string) {
  const names = [...template.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((match) => match[1]!);
  const lower = v.pipe(v.string(), v.trim(), v.toLowerCase());
  const user = v.pipe(v.string(), v.regex(/^\d{1,12}$/, AUTH_MESSAGES.forbiddenAction), v.transform(Number));
  return v.object(Object.fromEntries(names.map((name) => [name, name === 'company' ? v.string() : name === 'user' ? user : lower])));
}

/** The success answers of a record's calls, documented from the entity's own schema. */
export function recordResponses(entity: AnyEntity) {
  const json = (schema: v.GenericSchema, description: string) => ({
    description,
    content: { 'application/json': { schema: resolver(schema) } },
  });
  return {
    list: { 200: json(v.object({ statusCode: v.literal(200), data: v.array(entity.schema) }), `${entity.noun.many} activos`) },
    one: {
      200: json(v.object({ statusCode: v.literal(200), data: v.nullable(entity.schema) }), `${entity.noun.one}, o null si no existe`),
    },
    write: {
      200: json(v.object({ statusCode: v.literal(200), message: v.string(), data: entity.schema }), `${entity.noun.one} guardado`),
      409: json(
        v.object({ statusCode: v.literal(409), message: v.string(), code: v.string(), data: v.nullable(entity.schema) }),
        'Conflicto: la fila actual del servidor',
      ),
    },
  };
}

/** The store of the entity the routes serve, read from the request's deps (a batch entry's transaction included). */
function storeOf<E extends AnyEntity>(c: Context<AppEnv>, entity: E) {
  const { records, db } = c.get('deps');
  return { db, store: records[entity.table as EntityTable] as unknown as RecordStore<RowOf<E>> };
}

export interface RecordRoutesOptions<R> {
  rules?: RecordRules<R>;
  /** false: the module answers the list itself (with filters or names of other records). */
  list?: false;
  /** false: the module answers the detail itself (a row made of several tables, other path parameters). */
  detail?: false;
  /** What the detail answers beside the fields of a row the viewer may see: the signed addresses of its files (`Urls`). */
  detailExtras?: (c: Context<AppEnv>, row: R) => Record<string, unknown>;
  /** What each call says in the API reference, beyond what the kit writes. */
  summaries?: Partial<Record<'list' | 'detail' | 'create' | 'update' | 'remove', string>>;
}

/**
 * The calls of a described entity, from its templates (`entity.api`): the active list, create, update and delete,
 * each behind its permission, validated with the entity's schemas and documented with them. A module adds its
 * other calls to the returned routes.
 */
export function recordRoutes<E extends AnyEntity>(entity: E, options: RecordRoutesOptions<RowOf<E>> = {}) {
  // A module whose entity is missing from sync/records/entities.ts has no store: say so at start, not per request.
  if (!isEntityTable(entity.table)) throw new UndescribedTableError(entity.table);
  const { api } = entity;
  const responses = recordResponses(entity);
  const tags = [entity.table];
  const doc = (summary: string, kind: keyof typeof responses) => describeRoute({ tags, security, summary, responses: responses[kind] });
  const summary = (call: keyof NonNullable<RecordRoutesOptions<RowOf<E>>['summaries']>, standard: string) =>
    options.summaries?.[call] ?? standard;
  const read = readAccess(entity);
  const routes = new Hono<AppEnv>().use(requireSession);

  if (options.list !== false)
    routes.get(
      at(api.list),
      doc(summary('list', `${entity.noun.many} activos de la empresa del token: { statusCode, data }`), 'list'),
      validate('param', paramsSchema(api.list)),
      validate('query', v.object(DeviceScopeQueryEntries)),
      requireOwnCompany,
      read,
      async (c) => {
        const { db, store } = storeOf(c, entity);
        const session = c.get('session');
        const rows = await store.listActive(db, session.company, session.viewer);
        // PL13: a field device's download of a record that carries a worksite holds the user's worksites only.
        return c.json({ statusCode: 200, data: await rowsForQuery(db, session, entity, rows, c.req.valid('query')) });
      },
    );
  if (options.detail !== false) {
    routes.get(
      at(api.detail),
      doc(
        summary('detail', `${entity.noun.one} (también anulado, con Estado 0): { statusCode, data }, data null si no existe en la empresa`),
        'one',
      ),
      validate('param', paramsSchema(api.detail)),
      requireOwnCompany,
      read,
      async (c) => {
        const { db, store } = storeOf(c, entity);
        const params = c.req.valid('param') as Record<string, unknown>;
        const found = await store.load(db, c.get('session').company, String(params[entity.id]));
        const row = found && (!options.rules?.visible || options.rules.visible(c.get('session').viewer, found.row)) ? found.row : null;
        return c.json({ statusCode: 200, data: row && options.detailExtras ? { ...row, ...options.detailExtras(c, row) } : row });
      },
    );
  }
  if (api.create !== undefined && entity.createBody) routes.post(at(api.create), ...createHandlers(entity, api.create, options));
  if (api.update !== undefined && entity.updateBody) routes.put(at(api.update), ...updateHandlers(entity, api.update, options));
  if (api.remove !== undefined) routes.delete(at(api.remove), ...removeHandlers(entity, api.remove, options));
  return routes;
}

/**
 * The create call on `template` (a module may mount it on more paths: the spec's older path of the same write). Every
 * path runs the same command, so a batch entry finds it behind each of them.
 */
export function createHandlers<E extends AnyEntity>(entity: E, template: string, options: RecordRoutesOptions<RowOf<E>> = {}) {
  const body = entity.createBody;
  if (!body) throw new Error(`${entity.table} no describe su cuerpo de creación`);
  const standard =
    `Crea ${entity.noun.feminine ? 'una' : 'un'} ${entity.noun.one} con el ${entity.id} (UUID) generado en el dispositivo. 409 CONFLICTO si el ` +
    `id ya existe`;
  return [
    describeRoute({
      tags: [entity.table],
      security,
      summary: options.summaries?.create ?? standard,
      responses: recordResponses(entity).write,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: paramsSchema(template) },
        { kind: 'ownCompany' },
        { kind: 'access', route: entity.permission, action: 'crear' },
        { kind: 'json', schema: body },
      ],
      run: async (call, input) =>
        writeOutcomeAnswer(
          await createRecord(commandWriteContext(call), entity, input.body as Record<string, unknown>, options.rules),
          entity.messages.created,
        ),
    }),
  ] as const;
}

/** The update call on `template` (a module may mount it on more paths, as the create above). */
export function updateHandlers<E extends AnyEntity>(entity: E, template: string, options: RecordRoutesOptions<RowOf<E>> = {}) {
  const body = entity.updateBody;
  if (!body) throw new Error(`${entity.table} no describe su cuerpo de edición`);
  const standard = 'Edita los campos enviados a partir de su Version (fusión por campo; 409 CONFLICTO con la fila actual)';
  return [
    describeRoute({
      tags: [entity.table],
      security,
      summary: options.summaries?.update ?? standard,
      responses: recordResponses(entity).write,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: paramsSchema(template) },
        { kind: 'ownCompany' },
        { kind: 'access', route: entity.permission, action: 'editar' },
        { kind: 'json', schema: body },
      ],
      run: async (call, { params, body: sent }) => {
        const fields = sent as Record<string, unknown> & { Version: number };
        const id = String(params[entity.id] ?? fields[entity.id]);
        const outcome = await updateRecord(commandWriteContext(call), entity, id, fields, options.rules);
        return writeOutcomeAnswer(outcome, entity.messages.updated);
      },
    }),
  ] as const;
}

/**
 * The delete call on `template` (a module may mount it on more paths: a position's delete may name its levels).
 * `?Version=n` detects a delete made on stale data; deleting again answers 200.
 */
export function removeHandlers<E extends AnyEntity>(entity: E, template: string, options: RecordRoutesOptions<RowOf<E>> = {}) {
  return [
    describeRoute({
      tags: [entity.table],
      security,
      summary:
        options.summaries?.remove ??
        `Anula ${entity.noun.feminine ? 'una' : 'un'} ${entity.noun.one} (Estado 0, lápida en los cambios). ?Version=n detecta un borrado sobre datos ` +
          `viejos; anular de nuevo responde 200`,
      responses: recordResponses(entity).write,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: paramsSchema(template) },
        { kind: 'ownCompany' },
        { kind: 'access', route: entity.permission, action: 'eliminar' },
        { kind: 'query', schema: VersionQuerySchema },
        { kind: 'ownUser' },
      ],
      run: async (call, input) => {
        const params = input.params;
        const { Version } = input.query;
        // Other fields the path names (a position's levels) must be the record's current ones, or it is not found.
        const named = Object.entries(params).filter(([name]) => name !== entity.id && name in entity.schema.entries);
        const rules = {
          ...options.rules,
          deletable: (row: RowOf<E>) => named.every(([name, value]) => row[name] === value) && (options.rules?.deletable?.(row) ?? true),
        };
        const outcome = await deleteRecord(commandWriteContext(call), entity, String(params[entity.id]), Version, rules);
        return writeOutcomeAnswer(outcome, entity.messages.deleted);
      },
    }),
  ] as const;
}
