import { boundPullMeasures, measurePull, PULL_PHASES, pullClock } from './pull-timing.ts';
import type { Change, ChangesPage } from './sync-protocol.ts';
import type { Outcome, PullOutcome, Transport } from './transport.ts';

/**
 * The local side of a pull, implemented by the app over its tables. `transaction` must make its callback atomic
 * with respect to user writes and outbox appends (a Dexie 'rw' transaction over the pulled tables and the outbox),
 * so the PL3 check and the write cannot be split by a write of the person.
 */
export interface PullTarget {
  /**
   * Every method called inside `fn` must answer at once (a plain value) or with the storage's own promises
   * (Dexie's), never from `async` functions: Dexie loses a transaction after ~100 awaits of native promises and
   * then commits early, which would split a page from its cursor (PL4) and the PL3 check from its write. A plain
   * value is not awaited: a first sign-in applies tens of thousands of changes.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  getCursor(): Promise<string | null>;
  setCursor(cursor: string): Promise<void>;
  /** True while the outbox holds any entry (dead included) for that record (`OutboxStore.hasEntriesFor`). */
  hasQueuedWrites(table: string, id: string): boolean | PromiseLike<boolean>;
  /** Tables the app does not keep are ignored by the target, not by the pull. */
  applyUpsert(table: string, id: string, row: Record<string, unknown>): void | PromiseLike<void>;
  applyDelete(table: string, id: string): void | PromiseLike<void>;
  /**
   * A page as soon as it has arrived, outside any transaction and maybe while the page before is being written:
   * work that needs no storage (converting rows) that `applyUpsert` may then reuse. Storage is never touched here.
   */
  prepare?(changes: readonly Change[]): void;
  /**
   * PL5: download these tables again and replace the local copies, keeping rows with queued writes. Called outside
   * `transaction` because it uses the network (an IndexedDB transaction ends at the first non-IndexedDB await).
   * `before` (PL15): the user's worksites were only widened; add the rows of the records that carry a worksite
   * outside these, and keep everything else.
   */
  reset(tables: readonly string[], before?: readonly string[]): Promise<void>;
  /** PL6: the server's row that was not applied because of queued writes. Runs inside `transaction`: storage only. */
  onSkipped?(change: Change): Promise<void>;
}

export interface PullOptions {
  /** Tables emptied on `reset` (PL5). */
  resetTables: readonly string[];
  /** Safety stop for `more` loops; the next sync continues from the saved cursor. */
  maxPages?: number;
}

export type PullResult =
  | { kind: 'ok'; applied: number; skipped: number; pages: number; cursor: string | null }
  | { kind: 'failed'; outcome: Outcome; applied: number; skipped: number; pages: number };

/** Pulls changes after the saved cursor and applies them page by page (SPEC PL2–PL6). */
export async function pullChanges(transport: Transport, target: PullTarget, options: PullOptions): Promise<PullResult> {
  const maxPages = options.maxPages ?? 50;
  let applied = 0;
  let skipped = 0;
  let pages = 0;
  let cursor = await target.getCursor();
  let prefetched: Promise<PullOutcome> | null = null;
  boundPullMeasures();
  while (pages < maxPages) {
    const waitStarted = pullClock();
    const answer: PullOutcome = await (prefetched ?? transport.pullChanges(cursor));
    measurePull(PULL_PHASES.wait, waitStarted);
    prefetched = null;
    if (answer.kind === 'failed') return { kind: 'failed', outcome: answer.outcome, applied, skipped, pages };
    const page: ChangesPage = answer.page;
    pages += 1;
    // If the refetch fails the cursor stays, so the next pull is told to reset again.
    if (page.reset) await target.reset(options.resetTables, page.antes);
    // The next page downloads while this one is written: a first sign-in pulls tens of pages. Its answer is used
    // only if this page commits; the cursor it asks from is the one this page's transaction saves.
    if (page.more && page.cursor !== cursor && pages < maxPages) {
      prefetched = transport.pullChanges(page.cursor).then((next: PullOutcome) => {
        if (next.kind === 'ok') target.prepare?.(next.page.changes);
        return next;
      });
      prefetched.catch(() => undefined);
    }
    const writeStarted = pullClock();
    const counts = await target.transaction(async () => {
      let pageApplied = 0;
      let pageSkipped = 0;
      const changes = [...page.changes].sort((a, b) => a.seq - b.seq);
      for (const change of changes) {
        const queued = target.hasQueuedWrites(change.table, change.id);
        if (typeof queued === 'boolean' ? queued : await queued) {
          pageSkipped += 1;
          await target.onSkipped?.(change);
          continue;
        }
        const applying = change.op === 'upsert' ? target.applyUpsert(change.table, change.id, change.row) : target.applyDelete(change.table, change.id);
        if (applying) await applying;
        pageApplied += 1;
      }
      // PL4: the cursor moves in the same transaction as the rows it covers.
      await target.setCursor(page.cursor);
      return { pageApplied, pageSkipped };
    });
    measurePull(PULL_PHASES.write, writeStarted);
    applied += counts.pageApplied;
    skipped += counts.pageSkipped;
    const advanced = page.cursor !== cursor;
    cursor = page.cursor;
    if (!page.more || !advanced) break;
  }
  return { kind: 'ok', applied, skipped, pages, cursor };
}
