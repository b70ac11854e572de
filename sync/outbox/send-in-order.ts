import type { OutboxEntry } from './outbox-entry.ts';
import { unanswered } from './replayer-messages.ts';
import type { Outcome, Transport } from './transport.ts';

/** Results by key; a key without a result was not processed (RP5). */
export async function sendInOrder(transport: Transport, entries: OutboxEntry[]): Promise<Map<string, Outcome>> {
  const results = new Map<string, Outcome>();
  const head = entries[0]!;
  if (entries.length === 1) {
    results.set(head.key, await transport.sendOne(head));
    return results;
  }
  const batch = await transport.sendBatch(entries);
  if (batch.kind === 'ok') {
    if (batch.results.size === 0) {
      // An answer that processed nothing would otherwise be resent at once, forever.
      results.set(head.key, unanswered());
    }
    return batch.results;
  }
  if (!batch.fallback) {
    results.set(head.key, batch.outcome);
    return results;
  }
  // RP6: a server without the batch route gets the same entries as single calls, still in order.
  for (const entry of entries) {
    const outcome = await transport.sendOne(entry);
    results.set(entry.key, outcome);
    if (outcome.kind !== 'ok') break;
  }
  return results;
}
