import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { type EntityTable } from '#sync/records/entities.ts';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import { type Transition, transitionRefusal, type Workflow, type WorkflowRefusal } from '#sync/records/workflow.ts';
import type { AppEnv } from '../app-env.ts';
import { type CommandCall, type CommandCheck, commandHandlers, saved } from '../commands/command.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { requireSession } from '../tenancy/require-session.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import type { RecordStore } from './record-store.ts';
import { logRecord } from './record-writes.ts';
import { commandWriteContext, type WriteContext } from './write-answer.ts';

/** What only the server checks of a workflow's records, beyond the description shared with the device. */
export interface WorkflowRules<Row> {
  /** Whether the writer may see the record: one they may not is not found. */
  visible?: (viewer: Viewer, row: Row) => boolean;
  /** Checks of a transition's body before anything is read (a dispatcher's RUT against its check digit). */
  checkBody?: Partial<Record<string, (body: never) => void>>;
}

const security = [{ bearerAuth: [] }];
/** Any text: an id no record has is simply not found (404), never a 400. */
const Id = v.pipe(v.string(), v.trim(), v.toLowerCase());

const refused = (refusal: WorkflowRefusal) => new HttpError((refusal.status ?? 409) as ContentfulStatusCode, refusal.message, refusal.code);

/** The path's parameters: the record's `:id` and `:company` when the call names them. */
function pathSchema(path: string): v.GenericSchema {
  const entries: v.ObjectEntries = {};
  if (path.includes(':id')) entries.id = Id;
  if (path.includes(':company')) entries.company = v.string();
  return v.object(entries);
}

function storeOf(ctx: WriteContext, entity: AnyEntity) {
  return ctx.records[entity.table as EntityTable] as unknown as RecordStore<Record<string, unknown>>;
}

/**
 * Takes one transition on each record, in one transaction: all of them, or none when one is missing (404) or may
 * not take it (the transition's refusal). Each record is stored with its next Version and its change-log row.
 */
export function takeTransition<E extends AnyEntity>(
  ctx: WriteContext,
  workflow: Workflow<E>,
  name: string,
  ids: readonly string[],
  body: unknown,
  rules: WorkflowRules<RowOf<E>> = {},
): Promise<RowOf<E>[]> {
  const step = workflow.transitions[name] as unknown as Transition<RowOf<E>, unknown>;
  (rules.checkBody?.[name] as ((value: unknown) => void) | undefined)?.(body);
  return inWriteTransaction(ctx.db, async (db: Db) => {
    const store = storeOf(ctx, workflow.entity);
    const done: RowOf<E>[] = [];
    for (const id of ids) {
      const found = await store.load(db, ctx.company, id);
      const row = found?.row as RowOf<E> | undefined;
      if (!found || !row || row.Estado === 0 || (rules.visible && !rules.visible(ctx.viewer, row))) throw refused(workflow.notFound);
      const refusal = transitionRefusal(workflow as unknown as Workflow, name, row);
      if (refusal) throw refused(refusal);
      const next = step.apply(row, body, { user: ctx.user, userName: ctx.userName, now: ctx.now });
      await store.update!(db, { ...next, Version: (row.Version as number) + 1 }, found.fieldVersions);
      done.push((await logRecord(ctx, db, workflow.entity, id, row as never)) as RowOf<E>);
    }
    return done;
  });
}

/** The transition's fields as the spec sends them (query) or in a JSON body; the body wins where both name one. */
function fieldsCheck(schema: v.GenericSchema): CommandCheck {
  return { kind: 'fields', schema };
}

function answerDoc(description: string, data: v.GenericSchema) {
  const schema = v.object({ statusCode: v.literal(200), message: v.string(), data });
  return { 200: { description, content: { 'application/json': { schema: resolver(schema) } } } };
}

/**
 * The calls of a workflow's transitions, from its description: each behind its permission action, its body
 * validated with the shared schema, the record's state checked with the shared rules, and answered with the
 * transition's message and the stored record. A transition over several records (`many`) gets its own call.
 * Mounted before the entity's CRUD calls, whose paths may look alike.
 */
export function workflowRoutes<E extends AnyEntity>(workflow: Workflow<E>, rules: WorkflowRules<RowOf<E>> = {}) {
  const { entity } = workflow;
  const routes = new Hono<AppEnv>().use(requireSession);
  const tags = [entity.table];
  const run = (call: CommandCall, name: string, ids: readonly string[], body: unknown) =>
    takeTransition(commandWriteContext(call), workflow, name, ids, body, rules);
  for (const [name, step] of Object.entries(workflow.transitions) as unknown as [string, Transition<RowOf<E>, unknown>][]) {
    const { method, path } = step.call;
    const checks: CommandCheck[] = [
      { kind: 'param', schema: pathSchema(path) },
      ...(path.includes(':company') ? [{ kind: 'ownCompany' } as const] : []),
      { kind: 'access', route: entity.permission, action: step.action },
      ...(step.body ? [fieldsCheck(step.body)] : []),
    ];
    if (step.many) {
      const many = step.many;
      routes.post(
        many.path,
        describeRoute({ tags, security, summary: many.summary, responses: answerDoc(`${workflow.states.length} estados`, v.array(entity.schema)) }),
        ...commandHandlers({
          checks: [{ kind: 'access', route: entity.permission, action: step.action }, fieldsCheck(many.body)],
          run: async (call, { body }) => {
            const { Ids, ...fields } = body as { Ids: string[] };
            const data = await run(call, name, Ids, fields);
            return saved(data.length === 1 ? step.message : many.message, data);
          },
        }),
      );
    }
    routes.on(
      method,
      path,
      describeRoute({ tags, security, summary: step.summary, responses: answerDoc(step.message, entity.schema) }),
      ...commandHandlers({
        checks,
        run: async (call, { params, body }) => saved(step.message, (await run(call, name, [String(params.id)], body))[0]),
      }),
    );
  }
  return routes;
}
