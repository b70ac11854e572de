import type { FileRef } from '#sync/records/record-fields.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { objectUrlOf } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface SignatureUrls {
  /** The URL of each signature on screen, by its SHA-256; undefined while the first ones are read. */
  urls: ReadonlyMap<string, string> | undefined;
  /** A signature being saved: its bytes are in hand, so it shows without reading them back (SPEC TR1). */
  remember: (file: LocalFile) => void;
}

/**
 * Object URLs of a field record's signatures, kept for as long as the screen shows them. A file is immutable (named
 * by its hash), so each signature is read and made a URL once: a new signature reads only itself, or nothing when it
 * was just drawn here, and the others keep their URL (their images are not decoded again). The bytes are on the
 * device, taken here (`archivosDispositivo`) or waiting to be uploaded (`outboxFiles`), as `useDeviceFileUrls`
 * reads them. URLs no longer shown are revoked, and all of them when the screen closes.
 */
export function useSignatureUrls(refs: readonly FileRef[]): SignatureUrls {
  const kept = useRef(new Map<string, string>());
  /** Remembered before the draft names them: not revoked while their save is on its way. */
  const pending = useRef(new Set<string>());
  const [, setKeptVersion] = useState(0);
  const wanted = new Set(refs.map((ref) => ref.Sha256));
  const missing = [...wanted].filter((sha256) => !kept.current.has(sha256)).sort().join(',');
  const read = useDbQuery(
    async (db) => {
      const hashes = missing ? missing.split(',') : [];
      if (hashes.length === 0) return [];
      const [taken, queued] = await Promise.all([db.archivosDispositivo.bulkGet(hashes), db.outboxFiles.bulkGet(hashes)]);
      return hashes.flatMap((sha256, index) => {
        const file = taken[index] ?? queued[index];
        return file ? [{ sha256, type: file.type, bytes: file.bytes }] : [];
      });
    },
    [missing],
  );
  useEffect(() => {
    let added = false;
    for (const file of read ?? []) {
      if (kept.current.has(file.sha256)) continue;
      kept.current.set(file.sha256, objectUrlOf(file));
      added = true;
    }
    if (added) setKeptVersion((version) => version + 1);
  }, [read]);
  const wantedKey = [...wanted].sort().join(',');
  useEffect(() => {
    const shown = new Set(wantedKey ? wantedKey.split(',') : []);
    for (const sha256 of shown) pending.current.delete(sha256);
    for (const [sha256, url] of kept.current) {
      if (shown.has(sha256) || pending.current.has(sha256)) continue;
      URL.revokeObjectURL(url);
      kept.current.delete(sha256);
    }
  }, [wantedKey]);
  const closed = useRef(false);
  useEffect(() => {
    const urls = kept.current;
    const remembered = pending.current;
    // Opened again after closing (React's development check does it): read again what was revoked.
    if (closed.current) {
      closed.current = false;
      setKeptVersion((version) => version + 1);
    }
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
      remembered.clear();
      closed.current = true;
    };
  }, []);
  const remember = useCallback((file: LocalFile) => {
    if (kept.current.has(file.sha256)) return;
    kept.current.set(file.sha256, objectUrlOf(file));
    pending.current.add(file.sha256);
  }, []);
  // Undefined only while the signatures first shown are read (as useDeviceFileUrls answers while loading).
  const loading = read === undefined && missing !== '' && kept.current.size === 0;
  return { urls: loading ? undefined : kept.current, remember };
}
