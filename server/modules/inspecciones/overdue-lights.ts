import { toWireDate } from '#sync/domain/dates.ts';
import { semaforoOnDay } from '#sync/domain/traffic-light.ts';
import type { Db } from '../../db/database.ts';
import { inWriteTransaction } from '../../sync/write-transaction.ts';
import { logObservation } from './inspecciones-change-log.ts';
import { toWireObservacion } from './inspecciones.repo.ts';

/** SPEC OV1: how often the running server applies the overdue rule besides at start and before the lists. */
export const OVERDUE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * SPEC OV1: every active, unapproved observation whose Plazo is before today in America/Santiago turns red
 * (SemaforoObs 3), with a new Version and its change-log row, so devices see it after their next pull.
 * `company` limits it to one company (before answering its lists). Returns how many observations turned red.
 */
export async function applyOverdueLights(db: Db, now: Date, company?: string): Promise<number> {
  const today = toWireDate(now);
  const changed = await inWriteTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('observaciones')
      .selectAll()
      .where('Estado', '=', 1)
      .where('Aprobada', '=', 0)
      .where('SemaforoObs', '<>', 3)
      .where('Plazo', 'is not', null)
      .where('Plazo', '<', today);
    if (company !== undefined) query = query.where('IdEmpresa', '=', company);
    let changed = 0;
    for (const row of await query.execute()) {
      const current = toWireObservacion(row);
      const light = semaforoOnDay(current, today);
      if (light === current.SemaforoObs) continue;
      const next = { ...current, SemaforoObs: light, Version: current.Version + 1 };
      await trx.updateTable('observaciones').set({ SemaforoObs: light, Version: next.Version }).where('IdObservacion', '=', row.IdObservacion).execute();
      await logObservation(trx, next, now);
      changed += 1;
    }
    return changed;
  });
  remember(db, company ?? '*', today);
  return changed;
}

/** The last Chilean day the rule ran, per database: for all companies ('*') or for one. */
const lastRunDay = new WeakMap<Db, Map<string, string>>();

function remember(db: Db, scope: string, day: string): void {
  const days = lastRunDay.get(db) ?? new Map<string, string>();
  days.set(scope, day);
  lastRunDay.set(db, days);
}

/**
 * Before a follow-up list. Writes already apply the rule to the lights they set (creation, rejection), so an
 * observation only turns red when the day changes: once the rule ran today for everyone or for this company, a
 * list is a plain read, not a write transaction.
 */
export async function applyOverdueLightsToday(db: Db, now: Date, company: string): Promise<void> {
  const today = toWireDate(now);
  const days = lastRunDay.get(db);
  if (days?.get('*') === today || days?.get(company) === today) return;
  await applyOverdueLights(db, now, company);
}

export interface OverdueJob {
  /** The first run, at start. */
  ready: Promise<void>;
  stop(): void;
}

/** Runs the overdue rule now and then every 10 minutes; the timer never keeps the process alive. */
export function startOverdueJob(db: Db, now: () => Date, everyMs = OVERDUE_INTERVAL_MS): OverdueJob {
  const run = () =>
    applyOverdueLights(db, now()).then(
      () => undefined,
      (error: unknown) => console.error('[semaforos] no se pudo aplicar la regla de vencimiento', error),
    );
  const ready = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}
