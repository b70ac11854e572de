import type { FileRef } from '#sync/records/record-fields.ts';
import { useQuery } from '@tanstack/react-query';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { apiRequest } from './api-client.ts';
import { collectSignedUrls, useDeviceFileUrls } from './inspection-files.ts';

/** Signed addresses expire after 216000 s (spec 9): an hour-old copy is still good. */
const STALE_MS = 60 * 60 * 1000;

/**
 * Where each file of a record shows: from this device when its bytes are here (taken here, or still queued), else
 * from the record's detail call (`detailPath`, which answers `Urls`), asked only when online and a file is missing
 * (null: the record is not known yet, nothing is asked).
 */
export function useRecordFileUrls(detailPath: string | null, refs: readonly FileRef[]): Record<string, string> {
  const online = useOnlineStatus();
  const device = useDeviceFileUrls(refs);
  const missing = device !== undefined && refs.some((ref) => !device[ref.Sha256]);
  // A file added to the record since (a renewal) is asked again rather than missing from an hour-old answer.
  const files = [...new Set(refs.map((ref) => ref.Sha256))].sort().join(',');
  const signed = useQuery({
    queryKey: ['archivos', detailPath, files],
    queryFn: async ({ signal }) => collectSignedUrls(await apiRequest<unknown>(detailPath!, { signal })),
    enabled: online && missing && detailPath !== null,
    staleTime: STALE_MS,
  });
  return { ...signed.data, ...device };
}
