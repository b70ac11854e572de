import type { FileRef } from '#sync/records/record-fields.ts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/data/api-client.ts';
import { collectSignedUrls, useDeviceFileUrls } from '#app/data/inspection-files.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';

/** Signed addresses expire after 216000 s (spec 9): an hour-old copy is still good. */
const STALE_MS = 60 * 60 * 1000;

/**
 * Where each file of a case shows: from this device when its bytes are here (taken here, or still queued), from the
 * case's detail call (`Urls`) when online and they are not.
 */
export function useCaseFileUrls(company: string, idEvaluacion: string, refs: readonly FileRef[]): Record<string, string> {
  const online = useOnlineStatus();
  const device = useDeviceFileUrls(refs);
  const missing = device ? refs.filter((ref) => !device[ref.Sha256]) : [];
  const signed = useQuery({
    queryKey: ['incidentes', 'archivos', idEvaluacion],
    queryFn: async ({ signal }) => collectSignedUrls(await apiRequest<unknown>(`/accidentes/registro-accidentes/${encodeURIComponent(idEvaluacion)}/${encodeURIComponent(company)}`, { signal })),
    enabled: online && missing.length > 0 && idEvaluacion !== '',
    staleTime: STALE_MS,
  });
  return { ...signed.data, ...device };
}
