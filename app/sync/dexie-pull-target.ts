import { Dexie } from 'dexie';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { PullTarget } from '#sync/outbox/pull.ts';
import type { Change } from '#sync/outbox/sync-protocol.ts';
import { ENTITY_LIST, entityOf, type EntityTable, isEntityTable } from '#sync/records/entities.ts';
import { fillPath } from '#sync/records/entity.ts';
import { OWN_WORKSITES_QUERY } from '#sync/records/worksites.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';
import { idOfRow, localRowOf } from '#app/records/device-records.ts';
import { draftTables, recordsInDrafts } from '#app/db/draft-records.ts';
import type { ReferencedRows } from './referenced-rows.ts';

const CURSOR_KEY = 'cursor';

/** How the device calls the server outside the outbox: the company, the session's token, and `fetch` (a test's). */
export interface DeviceCalls {
  companyId: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}

/** The user may not read the table: its list call answered 403 (SPEC PL12). */
export const NOT_READABLE = 'sin-permiso';

/** How the target downloads a whole table again after a reset (SPEC PL5), or learns it may not (PL12). */
export type TableDownloader = (table: EntityTable, before?: readonly string[]) => Promise<Record<string, unknown>[] | typeof NOT_READABLE>;

type PendingWrites = Map<EntityTable, Map<string, LocalRow | null>>;

/** The described tables, parents first: what a pull fills and a reset downloads again (SPEC PL5). */
export const PULLED_TABLES: readonly EntityTable[] = ENTITY_LIST.map((entity) => entity.table as EntityTable);

/**
 * The device side of a pull over the described tables. A change of a table this app does not describe (a newer
 * server's) is not stored anywhere: it is skipped, never written into another table. A page is applied in one
 * transaction that also covers the
 * outbox, so the PL3 check ("no queued write for this record") and the write cannot be split by a person's write.
 * Within the transaction the rows are collected and written in bulk at the end: a first sign-in pulls thousands.
 */
export class DexiePullTarget implements PullTarget {
  private queued: Set<string> | null = null;
  /** Records whose server copy is kept for a discard (PL6); usually none. */
  private copies = new Set<string>();
  private writes: PendingWrites | null = null;
  /** Rows `prepare` converted, by the server row they came from; gone with the page. */
  private converted = new WeakMap<Record<string, unknown>, LocalRow | null>();

  constructor(
    private readonly db: AppDb,
    private readonly download: TableDownloader,
    private readonly referenced?: ReferencedRows,
  ) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    const { db } = this;
    return db.transaction('rw', [...pulledTables(db), db.syncMeta, db.outbox, db.serverRows], async () => {
      const [queued, copies] = await Promise.all([db.outbox.orderBy('recordKey').uniqueKeys(), db.serverRows.toCollection().primaryKeys()]);
      this.queued = new Set(queued as string[]);
      this.copies = new Set(copies);
      this.writes = new Map();
      try {
        const result = await fn();
        await this.flush(this.writes);
        return result;
      } finally {
        this.queued = null;
        this.writes = null;
      }
    });
  }

  async getCursor(): Promise<string | null> {
    const row = await this.db.syncMeta.get(CURSOR_KEY);
    return typeof row?.value === 'string' ? row.value : null;
  }

  async setCursor(cursor: string): Promise<void> {
    await this.db.syncMeta.put({ key: CURSOR_KEY, value: cursor });
  }

  // These answer with Dexie promises, not native ones: a transaction follows its zone through an `await` of a
  // Dexie promise, but loses it after about a hundred awaits of native ones, and then commits before the page
  // is written (PrematureCommitError, and the cursor written outside the transaction).
  hasQueuedWrites(table: string, id: string): boolean | PromiseLike<boolean> {
    const key = recordKeyOf(table, id);
    if (this.queued) return this.queued.has(key);
    return this.db.outbox
      .where('recordKey')
      .equals(key)
      .count()
      .then((count) => count > 0);
  }

  /** Converts a page's rows while the page before is still being written (the device's form, search words). */
  prepare(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.op === 'upsert' && isEntityTable(change.table)) this.converted.set(change.row, localRowOf(change.table, change.row));
    }
  }

  applyUpsert(table: string, id: string, row: Record<string, unknown>): void {
    if (!isEntityTable(table)) return;
    this.referenced?.note(table, row);
    const converted = this.converted.get(row);
    this.stage(table, id, converted === undefined ? localRowOf(table, row) : converted);
  }

  applyDelete(table: string, id: string): void {
    if (isEntityTable(table)) this.stage(table, id, null);
  }

  /** PL6: the newest server state of a record the person is still changing, for when a write is discarded. */
  onSkipped(change: Change): Promise<void> {
    if (!isEntityTable(change.table)) return Dexie.Promise.resolve();
    const row = change.op === 'upsert' ? localRowOf(change.table, change.row) : null;
    return this.db.serverRows.put({ recordKey: recordKeyOf(change.table, change.id), row }).then(() => undefined);
  }

  async reset(tables: readonly string[], before?: readonly string[]): Promise<void> {
    const downloads = new Map<EntityTable, Record<string, unknown>[]>();
    // PL15: after a widening only the records that carry a worksite lack rows, and only outside `before`.
    const chosen = before ? tables.filter((table) => entityOf(table).worksite) : tables;
    for (const table of chosen) {
      // An undescribed table here is a programming error: fail loudly rather than download another table's rows.
      const entity = entityOf(table);
      const rows = await this.download(entity.table as EntityTable, before);
      if (rows !== NOT_READABLE) for (const row of rows) this.referenced?.note(table, row);
      if (rows === NOT_READABLE && (before || entity.audience === 'todos')) continue;
      // PL12: a refused list leaves nothing of a record table, and reference data as the feed brought it.
      downloads.set(entity.table as EntityTable, rows === NOT_READABLE ? [] : rows);
    }
    const { db } = this;
    await db.transaction('rw', [...pulledTables(db), db.outbox, ...draftTables(db)], async () => {
      const queued = new Set((await db.outbox.orderBy('recordKey').uniqueKeys()) as string[]);
      // A widening deletes nothing, so what drafts name need not be looked up.
      const drafted = before ? new Set<string>() : await recordsInDrafts(db);
      for (const [table, rows] of downloads) {
        const local = db.table<LocalRow, string>(table);
        const keep = (id: string) => queued.has(recordKeyOf(table, id));
        if (!before) {
          const needed = (id: string) => keep(id) || drafted.has(recordKeyOf(table, id));
          await local.bulkDelete(((await local.toCollection().primaryKeys()) as string[]).filter((id) => !needed(id)));
        }
        const fresh = rows.flatMap((row) => {
          const localRow = localRowOf(table, row);
          return localRow && !keep(idOfRow(table, localRow)) ? [localRow] : [];
        });
        await local.bulkPut(fresh);
      }
    });
  }

  private stage(table: EntityTable, id: string, row: LocalRow | null): void {
    if (!this.writes) throw new Error('A pulled change must be applied inside the pull transaction');
    const rows = this.writes.get(table) ?? new Map<string, LocalRow | null>();
    rows.set(id, row);
    this.writes.set(table, rows);
  }

  private async flush(writes: PendingWrites): Promise<void> {
    for (const [table, rows] of writes) {
      const local = this.db.table<LocalRow, string>(table);
      const puts = [...rows.values()].filter((row): row is LocalRow => row !== null);
      const deletes = [...rows.entries()].filter(([, row]) => row === null).map(([id]) => id);
      if (puts.length) await local.bulkPut(puts);
      if (deletes.length) await local.bulkDelete(deletes);
      // The server's row is on the device again: a copy kept for a discard is no longer needed.
      const stale = [...rows.keys()].map((id) => recordKeyOf(table, id)).filter((key) => this.copies.has(key));
      if (stale.length) await this.db.serverRows.bulkDelete(stale);
    }
  }
}

function pulledTables(db: AppDb) {
  return PULLED_TABLES.map((table) => db.table(table));
}

/**
 * Each table's list call (`api.list` of its description), the rows in the change log's shape; a paged list is read
 * page by page.
 */
export function createTableDownloader(options: DeviceCalls): TableDownloader {
  const fetchFn = options.fetch ?? fetch;
  const get = async (path: string): Promise<{ data: Record<string, unknown>[]; total?: number } | typeof NOT_READABLE> => {
    const token = options.getToken();
    const response = await fetchFn(path, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    if (response.status === 403) return NOT_READABLE;
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as { data: Record<string, unknown>[]; total?: number };
  };
  return async (table, before) => {
    const { api, worksite } = entityOf(table);
    // PL13: of a record that carries a worksite, the device holds its user's worksites only.
    const scope: Record<string, string> = worksite ? { ...OWN_WORKSITES_QUERY, ...(before ? { Antes: before.join(',') } : {}) } : {};
    const path = `${api.base}${fillPath(api.list, { company: options.companyId })}`;
    if (!api.listPage) {
      const answer = await get(worksite ? `${path}?${new URLSearchParams(scope)}` : path);
      return answer === NOT_READABLE ? answer : answer.data;
    }
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await get(`${path}?${new URLSearchParams({ ...scope, PorPagina: String(api.listPage), Pagina: String(page) })}`);
      if (answer === NOT_READABLE) return answer;
      rows.push(...answer.data);
      if (answer.data.length < api.listPage || rows.length >= (answer.total ?? 0)) return rows;
    }
  };
}
