import type { FileRef } from '#sync/schemas/trabajadores.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { objectUrlOf } from '#app/data/local-file.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

interface WorkerDetailAnswer {
  data: { Urls?: Record<string, string> } | null;
}

/** Signed addresses of the worker's files on the server (they expire; the server signs them again on each read). */
export function useServerFileUrls(companyId: string, id: string | undefined): Record<string, string> | undefined {
  const query = useQuery({
    queryKey: ['trabajadores', 'detalle', companyId, id],
    queryFn: ({ signal }) => apiRequest<WorkerDetailAnswer>(`/trabajadores/newtrabajadores2/detalle/${companyId}/${id}`, { signal }),
    enabled: Boolean(id),
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
