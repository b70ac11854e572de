import type { Kysely } from 'kysely';
import { toWireDate } from '#sync/domain/dates.ts';
import { lightOnDay, type ReviewLightState, type Semaforo } from '#sync/domain/traffic-light.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import type { Workflow } from '#sync/records/workflow.ts';
import type { Db } from '../db/database.ts';
import { inWriteTransaction } from '../sync/write-transaction.ts';
import { runSteps, scheduleJob, type ScheduledJob } from '#server/jobs/schedule-job.ts';

/** SPEC OV1: how often the running server applies the overdue rule besides at start and before the lists. */
export const OVERDUE_INTERVAL_MS = 10 * 60 * 1000;

type StoredRow = Record<string, unknown>;
type Loose = Kysely<Record<string, StoredRow>>;

/**
 * A table of records with the review cycle and a traffic light (an inspection's observations, an incident's control
 * measures): its workflow (which says what becomes overdue: its `overdue` light and deadline), where its rows are and
 * how a changed one is logged. The overdue rule itself is the same for all.
 */
export interface OverdueRule<Wire extends ReviewLightState & { Version: number }> {
  workflow: Workflow<AnyEntity, number | string>;
  table: 'observaciones' | 'medidas_control';
  id: string;
  toWire(row: StoredRow): Wire;
  log(db: Db, row: Wire, now: Date): Promise<void>;
}

/** The light field the rule's workflow names. */
const lightField = (rule: { workflow: Workflow<AnyEntity, number | string> }) => rule.workflow.overdue!.light;

type AnyRule = OverdueRule<ReviewLightState & { Version: number }>;

/**
 * SPEC OV1: every active, unapproved record whose Plazo is before today in America/Santiago turns red (3), with a
 * new Version and its change-log row, so devices see it after their next pull. `company` limits it to one company
 * (before answering its lists). Returns how many records turned red.
 */
export async function applyOverdue<Wire extends ReviewLightState & { Version: number }>(
  db: Db,
  now: Date,
  rule: OverdueRule<Wire>,
  company?: string,
): Promise<number> {
  const today = toWireDate(now);
  const changed = await inWriteTransaction(db, async (trx) => {
    const loose = trx as unknown as Loose;
    let query = loose
      .selectFrom(rule.table)
      .selectAll()
      .where('Estado', '=', 1)
      .where('Aprobada', '=', 0)
      .where(lightField(rule), '<>', 3)
      .where('Plazo', 'is not', null)
      .where('Plazo', '<', today);
    if (company !== undefined) query = query.where('IdEmpresa', '=', company);
    let count = 0;
    for (const row of await query.execute()) {
      const current = rule.toWire(row);
      const stored = (current as unknown as Record<string, Semaforo>)[lightField(rule)]!;
      const light = lightOnDay(current, stored, today);
      if (light === stored) continue;
      const next = { ...current, [lightField(rule)]: light, Version: current.Version + 1 } as Wire;
      await loose
        .updateTable(rule.table)
        .set({ [lightField(rule)]: light, Version: next.Version })
        .where(rule.id, '=', row[rule.id])
        .execute();
      await rule.log(trx, next, now);
      count += 1;
    }
    return count;
  });
  remember(db, rule.table, company ?? '*', today);
  return changed;
}

/** The last Chilean day a rule ran, per database and table: for all companies ('*') or for one. */
const lastRunDay = new WeakMap<Db, Map<string, string>>();

function remember(db: Db, table: string, scope: string, day: string): void {
  const days = lastRunDay.get(db) ?? new Map<string, string>();
  days.set(`${table}:${scope}`, day);
  lastRunDay.set(db, days);
}

/**
 * Before a follow-up list. Writes already apply the rule to the lights they set (creation, rejection), so a record
 * only turns red when the day changes: once the rule ran today for everyone or for this company, a list is a plain
 * read, not a write transaction.
 */
export async function applyOverdueToday<Wire extends ReviewLightState & { Version: number }>(
  db: Db,
  now: Date,
  rule: OverdueRule<Wire>,
  company: string,
): Promise<void> {
  const today = toWireDate(now);
  const days = lastRunDay.get(db);
  if (days?.get(`${rule.table}:*`) === today || days?.get(`${rule.table}:${company}`) === today) return;
  await applyOverdue(db, now, rule, company);
}

export type OverdueJob = ScheduledJob;

/**
 * Runs the overdue rule of every table now and then every 10 minutes, once per period across the API nodes; the
 * timer never keeps the process alive. A table whose rule fails does not keep the others from running.
 */
export function startOverdueJobs(db: Db, now: () => Date, rules: readonly AnyRule[], everyMs = OVERDUE_INTERVAL_MS): OverdueJob {
  const steps = rules.map((rule) => [`no se pudo aplicar la regla de vencimiento a ${rule.table}`, () => applyOverdue(db, now(), rule)] as const);
  return scheduleJob(db, { name: 'semaforos-vencidos', everyMs, now, run: () => runSteps(steps) });
}
