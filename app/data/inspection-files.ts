import type { FileRef } from '#sync/records/record-fields.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDbQuery } from '#app/sync/use-device.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { apiRequest } from './api-client.ts';
import { objectUrlOf } from './local-file.ts';

/** Signed addresses expire after 216000 s (spec 9); an hour-old copy is still good and spares the server. */
const SIGNED_URLS_STALE_MS = 60 * 60 * 1000;
const MAX_DEPTH = 8;

/**
 * Object URLs of the files whose bytes are on this device: taken here (`archivosDispositivo`) or still waiting to be
 * uploaded (`outboxFiles`). Revoked when the list changes or the screen closes.
 */
export function useDeviceFileUrls(refs: readonly FileRef[]): Record<string, string> | undefined {
  const key = [...new Set(refs.map((ref) => ref.Sha256))].sort().join(',');
  const files = useDbQuery(
    async (db) => {
      const hashes = key ? key.split(',') : [];
      const [taken, queued] = await Promise.all([db.archivosDispositivo.bulkGet(hashes), db.outboxFiles.bulkGet(hashes)]);
      return hashes.flatMap((sha256, index) => {
        const file = taken[index] ?? queued[index];
        return file ? [{ sha256, type: file.type, bytes: file.bytes }] : [];
      });
    },
    [key],
  );
  const [urls, setUrls] = useState<Record<string, string>>();
  useEffect(() => {
    if (!files) return;
    const made = Object.fromEntries(files.map((file) => [file.sha256, objectUrlOf(file)]));
    setUrls(made);
    return () => Object.values(made).forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

/** Every `{ Sha256, Url }` and `Urls: { sha256: url }` in an answer, wherever the answer keeps them. */
export function collectSignedUrls(value: unknown, found: Record<string, string> = {}, depth = 0): Record<string, string> {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const item of value) collectSignedUrls(item, found, depth + 1);
    return found;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.Sha256 === 'string' && typeof record.Url === 'string' && record.Url) found[record.Sha256] = record.Url;
  if (record.Urls && typeof record.Urls === 'object' && !Array.isArray(record.Urls)) {
    for (const [sha256, url] of Object.entries(record.Urls as Record<string, unknown>)) if (typeof url === 'string') found[sha256] = url;
  }
  for (const [key, child] of Object.entries(record)) if (key !== 'Urls') collectSignedUrls(child, found, depth + 1);
  return found;
}

interface SignedUrlsRequest {
  idEvaluacion: string;
  /** Files not on the device: without any, nothing is asked. */
  missing: readonly string[];
}

/**
 * Signed addresses of the files of an inspection, its observations and their responses that are not on this device,
 * from the inspection's detail (`GET observaciones-inspecciones/{id}`, which answers `Urls`), only when online.
 * Undefined while unknown.
 */
export function useSignedInspectionUrls({ idEvaluacion, missing }: SignedUrlsRequest): Record<string, string> | undefined {
  const online = useOnlineStatus();
  const query = useQuery({
    queryKey: ['inspecciones', 'archivos', idEvaluacion],
    queryFn: async ({ signal }) =>
      collectSignedUrls(await apiRequest<unknown>(`/inspecciones/observaciones-inspecciones/${encodeURIComponent(idEvaluacion)}`, { signal })),
    enabled: online && missing.length > 0 && idEvaluacion !== '',
    staleTime: SIGNED_URLS_STALE_MS,
  });
  return query.data;
}
