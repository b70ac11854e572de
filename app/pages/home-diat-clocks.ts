import type { AppDb } from '#app/db/app-db.ts';
import type { LocalIncidente } from '#app/db/incident-rows.ts';
import { pendingDiatDeadline } from '#app/modules/incidentes/incidentes-queries.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface PendingDiat {
  incident: LocalIncidente;
  /** Epoch ms the 24 hours end. */
  deadline: number;
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
      const deadline = pendingDiatDeadline(incident, now);
      return deadline === null ? [] : [{ incident, deadline }];
    })
    .sort((a, b) => a.deadline - b.deadline);
}

export function usePendingDiats(): PendingDiat[] | undefined {
  return useDbQuery((db) => pendingDiats(db), []);
}
