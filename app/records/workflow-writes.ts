import type { EntityTable } from '#sync/records/entities.ts';
import { type AnyEntity, fillPath, type RowOf } from '#sync/records/entity.ts';
import { type Transition, transitionRefusal, type Workflow } from '#sync/records/workflow.ts';
import * as v from 'valibot';
import { type LocalFile, type LocalWrite, localWrites } from '#app/data/local-write.ts';
import { fullName } from '#app/session/session-permissions.ts';
import { getStoredSession } from '#app/session/session-store.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';
import { deviceRecordOf } from './device-records.ts';

type WorkflowDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer' | 'userId' | 'companyId'>;

function transitionOf<E extends AnyEntity, S extends number | string>(
  workflow: Workflow<E, S>,
  name: string,
): Transition<RowOf<E>, unknown> {
  const step = workflow.transitions[name];
  if (!step) throw new Error(`${workflow.entity.table} no tiene la transición ${name}`);
  return step as unknown as Transition<RowOf<E>, unknown>;
}

/** The first problem of a transition's body, in its schema's Spanish words; null when it is valid or takes none. */
export function transitionProblem<E extends AnyEntity, S extends number | string>(
  workflow: Workflow<E, S>,
  name: string,
  body: unknown,
): string | null {
  const schema = transitionOf(workflow, name).body;
  if (!schema) return null;
  const result = v.safeParse(schema, body);
  return result.success ? null : (result.issues[0]?.message ?? 'Revisa los datos');
}

/** The body as it travels: the transition's schema's output (trimmed, normalized), as the server will parse it. */
function wireBody(step: Transition<unknown, unknown>, body: unknown): Record<string, unknown> | undefined {
  if (!step.body) return undefined;
  const result = v.safeParse(step.body, body);
  if (!result.success) throw new Error(result.issues[0]?.message ?? 'Revisa los datos');
  return result.output as Record<string, unknown>;
}

/**
 * Takes a transition on the given rows (works offline): each row shows its new state at once, built by the
 * transition's own `apply` (the server stores the same), and each queues its own call. All of them are queued in
 * ONE local transaction: on this device, all or none. A row the rules refuse now stops the whole batch.
 */
export async function queueTransition<E extends AnyEntity, S extends number | string>(
  workflow: Workflow<E, S>,
  name: string,
  rows: readonly RowOf<E>[],
  body?: unknown,
  device: WorkflowDevice = requireDevice(),
  files: LocalFile[] = [],
): Promise<void> {
  const step = transitionOf(workflow, name);
  const sent = wireBody(step as Transition<unknown, unknown>, body);
  const { entity } = workflow;
  const table = entity.table as EntityTable;
  const stored = getStoredSession()?.session;
  const who = { user: device.userId, userName: stored ? fullName(stored) : '', now: new Date() };
  // The files a body names travel with the write that names them (uploaded first, FL3): one row takes a body with files.
  const writes = rows.map((row, index): LocalWrite => {
    const refusal = transitionRefusal(workflow as unknown as Workflow, name, row);
    if (refusal) throw new Error(refusal.message);
    const id = String(row[entity.id]);
    const next = { ...step.apply(row, sent, who), Version: (row as { Version: number }).Version + 1 };
    const called = `${entity.api.base}${fillPath(step.call.path, { id, company: device.companyId })}`;
    // A decision without a body names the version the person saw in the query (the server's conflict check, CF4).
    const path = step.versioned && !step.body ? `${called}?Version=${(row as { Version: number }).Version}` : called;
    return {
      table,
      id,
      row: deviceRecordOf(table).toLocal(next as never),
      ...(index === 0 && files.length > 0 ? { files } : {}),
      request: sent === undefined ? { method: step.call.method, path } : { method: step.call.method, path, body: sent },
    };
  });
  if (writes.length > 0) await localWrites(writes, device);
}
