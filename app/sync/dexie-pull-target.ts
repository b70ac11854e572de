import { Dexie } from 'dexie';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { PullTarget } from '#sync/outbox/pull.ts';
import type { Change } from '#sync/outbox/sync-wire.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { idOfRow, isReferenceTable, type LocalRow, REFERENCE_TABLES, type ReferenceTable, toLocalRow } from '#app/db/reference-rows.ts';

const CURSOR_KEY = 'cursor';
const WORKERS_PAGE = 500;

/** How the target downloads a whole table again after a reset (SPEC PL5). */
export type TableDownloader = (table: ReferenceTable) => Promise<Record<string, unknown>[]>;

type PendingWrites = Map<ReferenceTable, Map<string, LocalRow | null>>;

/**
 * The device side of a pull over the reference tables. A page is applied in one transaction that also covers the
 * outbox, so the PL3 check ("no queued write for this record") and the write cannot be split by a person's write.
 * Within the transaction the rows are collected and written in bulk at the end: a first sign-in pulls thousands.
 */
export class DexiePullTarget implements PullTarget {
  private queued: Set<string> | null = null;
  /** Records whose server copy is kept for a discard (PL6); usually none. */
  private copies = new Set<string>();
  private writes: PendingWrites | null = null;

  constructor(
    private readonly db: AppDb,
    private readonly download: TableDownloader,
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
  hasQueuedWrites(table: string, id: string): Promise<boolean> {
    const key = recordKeyOf(table, id);
    if (this.queued) return Dexie.Promise.resolve(this.queued.has(key));
    return this.db.outbox
      .where('recordKey')
      .equals(key)
      .count()
      .then((count) => count > 0);
  }

  applyUpsert(table: string, id: string, row: Record<string, unknown>): Promise<void> {
    if (isReferenceTable(table)) this.stage(table, id, toLocalRow(table, row));
    return Dexie.Promise.resolve();
  }

  applyDelete(table: string, id: string): Promise<void> {
    if (isReferenceTable(table)) this.stage(table, id, null);
    return Dexie.Promise.resolve();
  }

  /** PL6: the newest server state of a record the person is still changing, for when a write is discarded. */
  onSkipped(change: Change): Promise<void> {
    if (!isReferenceTable(change.table)) return Dexie.Promise.resolve();
    const row = change.op === 'upsert' ? toLocalRow(change.table, change.row) : null;
    return this.db.serverRows.put({ recordKey: recordKeyOf(change.table, change.id), row }).then(() => undefined);
  }

  async reset(tables: readonly string[]): Promise<void> {
    const downloads = new Map<ReferenceTable, Record<string, unknown>[]>();
    for (const table of tables) if (isReferenceTable(table)) downloads.set(table, await this.download(table));
    const { db } = this;
    await db.transaction('rw', [...pulledTables(db), db.outbox], async () => {
      const queued = new Set((await db.outbox.orderBy('recordKey').uniqueKeys()) as string[]);
      for (const [table, rows] of downloads) {
        const local = db.table<LocalRow, string>(table);
        const keep = (id: string) => queued.has(recordKeyOf(table, id));
        const stale = ((await local.toCollection().primaryKeys()) as string[]).filter((id) => !keep(id));
        await local.bulkDelete(stale);
        const fresh = rows.flatMap((row) => {
          const localRow = toLocalRow(table, row);
          return localRow && !keep(idOfRow(table, localRow)) ? [localRow] : [];
        });
        await local.bulkPut(fresh);
      }
    });
  }

  private stage(table: ReferenceTable, id: string, row: LocalRow | null): void {
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
  return REFERENCE_TABLES.map((table) => db.table(table));
}

/** The list calls that return whole tables, with the same row shape as the change log. */
export function createTableDownloader(options: { companyId: string; getToken: () => string | null }): TableDownloader {
  const get = async (path: string): Promise<{ data: Record<string, unknown>[]; total?: number }> => {
    const token = options.getToken();
    const response = await fetch(path, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as { data: Record<string, unknown>[]; total?: number };
  };
  const company = encodeURIComponent(options.companyId);
  return async (table) => {
    if (table === 'cargos') return (await get(`/api/cargos/newcargos2/${company}`)).data;
    if (table === 'niveles') return (await get(`/api/niveles/${company}`)).data;
    if (table === 'formularios') return (await get('/api/formularios/formularios')).data;
    if (table === 'inspecciones') return (await get('/api/inspecciones/observaciones-inspecciones')).data;
    if (table === 'observaciones') return (await get('/api/inspecciones/observaciones-inspecciones/observaciones')).data;
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await get(`/api/trabajadores/newtrabajadores2/${company}?PorPagina=${WORKERS_PAGE}&Pagina=${page}`);
      rows.push(...answer.data);
      if (answer.data.length < WORKERS_PAGE || rows.length >= (answer.total ?? 0)) return rows;
    }
  };
}
