import { type DiatClock, diatClock } from '#sync/domain/legal-clock.ts';
import { isClasificacion } from '#sync/domain/incident-rules.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalIncidente } from '#app/db/incident-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface PendingDiat {
  incident: LocalIncidente;
  /** Epoch ms the 24 hours end. */
  deadline: number;
}

function clockOf(incident: LocalIncidente, now: number): DiatClock {
  return diatClock({ ...incident, Clasificacion: isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null }, now);
}

/**
 * SPEC IC3: the open cases on this device whose DIAT runs and is not filed yet, the nearest deadline first (overdue
 * ones lead). A device holds few cases: they are read whole.
 */
export async function pendingDiats(db: AppDb): Promise<PendingDiat[]> {
  const now = Date.now();
  const open = await db.incidentes.where('Estado').equals(1).toArray();
  return open
    .flatMap((incident) => {
      const clock = clockOf(incident, now);
      return clock.applies && !clock.filed ? [{ incident, deadline: clock.deadline }] : [];
    })
    .sort((a, b) => a.deadline - b.deadline);
}

export function usePendingDiats(): PendingDiat[] | undefined {
  return useDbQuery((db) => pendingDiats(db), []);
}
