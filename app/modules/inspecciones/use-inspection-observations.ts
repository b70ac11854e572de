import type { Observacion } from '#sync/schemas/observaciones.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/data/api-client.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

interface InspectionDetailAnswer {
  observaciones: Observacion[];
  obsgenerales: Observacion[];
  brechas: Observacion[];
}

/**
 * The active observations of an inspection, from the device; for an inspection read from the server (not on this
 * device yet, so neither are its observations), the server's, from the inspection's detail call. Undefined while
 * read; the device's when the server cannot be asked.
 */
export function useInspectionObservations(id: string, fromServer: boolean): LocalObservacion[] | undefined {
  const local = useDbQuery(async (db) => (await db.observaciones.where('IdEvaluacion').equals(id).toArray()).filter((row) => row.Estado === 1), [id]);
  const remote = useQuery({
    queryKey: ['inspecciones', 'observaciones', id],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<InspectionDetailAnswer>(`/inspecciones/observaciones-inspecciones/${encodeURIComponent(id)}`, { signal });
      return [...answer.observaciones, ...answer.obsgenerales, ...answer.brechas];
    },
    enabled: fromServer,
  });
  if (!fromServer) return local;
  if (remote.data) return remote.data;
  return remote.fetchStatus === 'fetching' ? undefined : local;
}
