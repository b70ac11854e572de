import { useEffect, useState } from 'react';
import { TABLE_LABELS } from '#app/db/app-db.ts';
import { readStorageSummary, type StorageSummary } from '#app/data/device-storage.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

export interface TableCount {
  name: string;
  label: string;
  count: number;
}

export function useTableCounts(): TableCount[] | undefined {
  return useDbQuery(
    (db) =>
      Promise.all(
        db.tables.flatMap((table) => {
          const label = TABLE_LABELS[table.name];
          return label ? [table.count().then((count) => ({ name: table.name, label, count }))] : [];
        }),
      ),
    [],
  );
}

export function useStorageSummary(refreshKey: unknown): StorageSummary | undefined {
  const [summary, setSummary] = useState<StorageSummary>();
  useEffect(() => {
    let active = true;
    void readStorageSummary().then((next) => {
      if (active) setSummary(next);
    });
    return () => {
      active = false;
    };
  }, [refreshKey]);
  return summary;
}

export function isIosBrowserTab(): boolean {
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
  return ios && !standalone;
}
