import { useMemo } from 'react';
import type { DraftObservation } from '#app/db/inspection-rows.ts';

/** The active observations of the draft by where they are written: under their statement, or in General and Brechas. */
export function useDraftObservations(observations: DraftObservation[] | undefined) {
  const checklist = useMemo(
    () => new Map((observations ?? []).filter((obs) => obs.TipoObs === 'Checklist' && obs.Estado === 1).map((obs) => [obs.IdEnunciado ?? '', obs])),
    [observations],
  );
  const extra = useMemo(
    () => ({
      General: (observations ?? []).filter((obs) => obs.TipoObs === 'General' && obs.Estado === 1),
      Brechas: (observations ?? []).filter((obs) => obs.TipoObs === 'Brechas' && obs.Estado === 1),
    }),
    [observations],
  );
  return { checklist, extra };
}
