import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import { observacionWorkflow } from '#sync/schemas/observaciones.workflow.ts';
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ObservacionesTable } from '#server/db/schema.ts';
import { applyOverdue, applyOverdueToday, type OverdueJob, type OverdueRule, startOverdueJobs } from '#server/records/overdue-lights.ts';
import { logObservation } from './inspecciones-change-log.ts';
import { toWireObservacion } from './inspecciones.repo.ts';

export { OVERDUE_INTERVAL_MS } from '#server/records/overdue-lights.ts';

/** SPEC OV1 on the observations of inspections: their light is `SemaforoObs`. */
export const observationsOverdue: OverdueRule<Observacion> = {
  workflow: observacionWorkflow,
  table: 'observaciones',
  id: 'IdObservacion',
  toWire: (row) => toWireObservacion(row as unknown as Selectable<ObservacionesTable>),
  log: (db, row, now) => logObservation(db, row, now),
};

/** SPEC OV1 for observations: returns how many turned red. `company` limits it to one company. */
export function applyOverdueLights(db: Db, now: Date, company?: string): Promise<number> {
  return applyOverdue(db, now, observationsOverdue, company);
}

/** Before a follow-up list: a plain read once the rule ran today for everyone or for this company. */
export function applyOverdueLightsToday(db: Db, now: Date, company: string): Promise<void> {
  return applyOverdueToday(db, now, observationsOverdue, company);
}

/** Runs the observations' overdue rule now and then every 10 minutes. */
export function startOverdueJob(db: Db, now: () => Date, everyMs?: number): OverdueJob {
  return startOverdueJobs(db, now, [observationsOverdue as never], everyMs);
}
