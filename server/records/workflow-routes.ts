import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import type { Transition, Workflow } from '#sync/records/workflow.ts';
import type { AppEnv } from '../app-env.ts';
import { type CommandCall, type CommandCheck, commandHandlers, saved } from '../commands/command.ts';
import { VersionQuerySchema } from '../http/validation.ts';
import { requireSession } from '../tenancy/require-session.ts';
import { commandWriteContext, writeOutcomeAnswer } from './write-answer.ts';
import { takeTransition, type WorkflowRules } from './workflow-transition.ts';

const security = [{ bearerAuth: [] }];
/** Any text: an id no record has is simply not found (404), never a 400. */
const Id = v.pipe(v.string(), v.trim(), v.toLowerCase());

/** The path's parameters: the record's `:id` and `:company` when the call names them. */
function pathSchema(path: string): v.GenericSchema {
  const entries: v.ObjectEntries = {};
  if (path.includes(':id')) entries.id = Id;
  if (path.includes(':company')) entries.company = v.string();
  return v.object(entries);
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
export function workflowRoutes<E extends AnyEntity>(workflow: Workflow<E, number | string>, rules: WorkflowRules<RowOf<E>> = {}) {
  const { entity } = workflow;
  const routes = new Hono<AppEnv>().use(requireSession);
  const tags = [entity.table];
  const run = (call: CommandCall, name: string, ids: readonly string[], body: unknown) =>
    takeTransition(commandWriteContext(call), workflow as unknown as Workflow<AnyEntity, number | string>, name, ids, body, rules);
  for (const [name, step] of Object.entries(workflow.transitions) as unknown as [string, Transition<RowOf<E>, unknown>][]) {
    const { method, path } = step.call;
    const checks: CommandCheck[] = [
      { kind: 'param', schema: pathSchema(path) },
      ...(path.includes(':company') ? [{ kind: 'ownCompany' } as const] : []),
      { kind: 'access', route: entity.permission, action: step.action },
      ...(step.body ? [fieldsCheck(step.body)] : []),
      // A decision without a body (an annulment) names the version the person saw in the query: `?Version=n`.
      ...(step.versioned && !step.body ? [{ kind: 'query', schema: VersionQuerySchema } as const] : []),
    ];
    if (step.many) {
      const many = step.many;
      routes.post(
        many.path,
        describeRoute({ tags, security, summary: many.summary, responses: answerDoc(many.message, v.array(entity.schema)) }),
        ...commandHandlers({
          checks: [{ kind: 'access', route: entity.permission, action: step.action }, fieldsCheck(many.body)],
          run: async (call, { body }) => {
            const { Ids, ...fields } = body as { Ids: string[] };
            const data = (await run(call, name, Ids, fields)).map((outcome) => outcome.row);
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
        run: async (call, { params, body, query }) =>
          writeOutcomeAnswer((await run(call, name, [String(params.id)], step.body ? body : query))[0]!, step.message),
      }),
    );
  }
  return routes;
}
