import { type Trabajador, workerFileRefs } from '#sync/schemas/trabajadores.schema.ts';
import { type FileRef } from '#sync/records/record-fields.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { objectUrlOf } from '#app/data/local-file.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

interface WorkerDetailAnswer {
  data: { Urls?: Record<string, string> } | null;
}

/**
 * Signed addresses of the worker's files on the server (they expire; the server signs them again on each read).
 * Asked again when the worker points at other files or one of its queued writes was sent: a file added on this
 * device is shown from the device until then, and from its signed address afterwards.
 */
export function useServerFileUrls(companyId: string, worker: Trabajador | null | undefined): Record<string, string> | undefined {
  const files = worker ? workerFileRefs(worker).map((file) => file.Sha256) : [];
  const id = worker?.IdPersona;
  const queued = useDbQuery(async (db) => (id ? await db.outbox.where('recordKey').equals(recordKeyOf('trabajadores', id)).count() : 0), [id]);
  const query = useQuery({
    queryKey: ['trabajadores', 'detalle', companyId, id, files.join(','), queued],
    queryFn: ({ signal }) => apiRequest<WorkerDetailAnswer>(`/trabajadores/newtrabajadores2/detalle/${companyId}/${id}`, { signal }),
    enabled: files.length > 0 && queued !== undefined,
    placeholderData: keepPreviousData,
  });
  return query.data?.data?.Urls;
}

/** A file still waiting in the outbox is shown from the device; otherwise from its signed server address. */
export function useFileUrl(ref: FileRef | null | undefined, serverUrls: Record<string, string> | undefined): string | null {
  const local = useDbQuery(async (db) => (ref ? ((await db.outboxFiles.get(ref.Sha256)) ?? null) : null), [ref?.Sha256]);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!local) {
      setLocalUrl(null);
      return;
    }
    const url = objectUrlOf(local);
    setLocalUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [local]);
  if (!ref) return null;
  return localUrl ?? serverUrls?.[ref.Sha256] ?? null;
}
