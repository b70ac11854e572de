import { useEffect, useRef } from 'react';
import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** One record's writes (its record key), or every write of an office kind (`kind:` and any id). */
export type QueuedWrites = { recordKey: string } | { kindPrefix: string };

/**
 * The queued writes on this device, in order. `onSent` runs when one leaves the queue (the server took it, or the
 * person discarded a refused one): a screen showing the server's data reads it again.
 */
export function useQueuedWrites(which: QueuedWrites, onSent: () => void): OutboxEntry[] | undefined {
  const [exact, key] = 'recordKey' in which ? [true, which.recordKey] : [false, which.kindPrefix];
  const entries = useDbQuery(
    (db) => (exact ? db.outbox.where('recordKey').equals(key) : db.outbox.where('recordKey').startsWith(key)).sortBy('seq'),
    [exact, key],
  );
  const count = entries?.length;
  const previous = useRef(count);
  const sent = useRef(onSent);
  useEffect(() => {
    sent.current = onSent;
  }, [onSent]);
  useEffect(() => {
    if (previous.current !== undefined && count !== undefined && count < previous.current) sent.current();
    previous.current = count;
  }, [count]);
  return entries;
}
