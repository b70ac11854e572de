import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { ENTITY_LIST, entityOf, type EntityTable } from '#sync/records/entities.ts';
import { fillPath, type Reference, referenceIds } from '#sync/records/entity.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';
import type { DeviceCalls } from './dexie-pull-target.ts';
import { localRowOf } from '#app/records/device-records.ts';

/** Fetches one record by id from its detail call; null when the server has none for the user. */
export type RowFetcher = (table: EntityTable, id: string) => Promise<Record<string, unknown> | null>;

type ScopedReference = Pick<Reference, 'field' | 'many' | 'key'> & { target: EntityTable };

/** Per table that carries a worksite: its references to other records that carry one (an inspection's workers). */
const SCOPED_REFERENCES = new Map<string, ScopedReference[]>(
  ENTITY_LIST.filter((entity) => entity.worksite).map((entity) => [
    entity.table,
    entity.references
      .filter((reference) => reference.table !== entity.table && entityOf(reference.table).worksite)
      .map((reference) => ({ ...reference, target: reference.table as EntityTable })),
  ]),
);

/** At most this many rows are fetched per sync; the rest wait for the next one. */
const FETCHES_PER_SYNC = 100;
/** Detail calls in flight at once. */
const PARALLEL_FETCHES = 6;

/**
 * SPEC PL16: a record a scoped device holds that names a record of another worksite (an inspection that observed a
 * visiting worker) brings that record with it. The pull notes what its rows name; after it, the rows the device lacks
 * are fetched one by one from their detail calls and kept (never over a row with queued writes).
 */
export class ReferencedRows {
  private readonly wanted = new Map<EntityTable, Set<string>>();

  constructor(private readonly scoped: () => boolean) {}

  note(table: string, row: Record<string, unknown>): void {
    const references = SCOPED_REFERENCES.get(table);
    if (!references?.length) return;
    for (const reference of references) {
      const target = reference.target;
      for (const id of referenceIds(reference, row)) {
        const set = this.wanted.get(target) ?? new Set<string>();
        set.add(id);
        this.wanted.set(target, set);
      }
    }
  }

  async bring(db: AppDb, fetchRow: RowFetcher): Promise<void> {
    // A whole-company device holds every row already: what it lacks was deleted or is not its to read.
    if (!this.scoped()) {
      this.wanted.clear();
      return;
    }
    let budget = FETCHES_PER_SYNC;
    for (const [table, ids] of this.wanted) {
      const wanted = [...ids];
      const held = await db.table<LocalRow, string>(table).bulkGet(wanted);
      for (const [i, id] of wanted.entries()) if (held[i]) ids.delete(id);
      const missing = [...ids].slice(0, Math.max(budget, 0));
      budget -= missing.length;
      for (let start = 0; start < missing.length; start += PARALLEL_FETCHES) {
        const batch = missing.slice(start, start + PARALLEL_FETCHES);
        const rows = await Promise.all(batch.map((id) => fetchRow(table, id)));
        const fresh = rows.flatMap((row, i) => {
          const local = row && localRowOf(table, row);
          return local ? [{ id: batch[i]!, local }] : [];
        });
        batch.forEach((id) => ids.delete(id));
        await db.transaction('rw', db.table(table), db.outbox, async () => {
          const queued = new Set((await db.outbox.where('recordKey').anyOf(fresh.map(({ id }) => recordKeyOf(table, id))).keys()).map(String));
          await db.table(table).bulkPut(fresh.filter(({ id }) => !queued.has(recordKeyOf(table, id))).map(({ local }) => local));
        });
      }
      if (ids.size === 0) this.wanted.delete(table);
    }
  }
}

/** A record's detail call, as the device asks it (`api.detail` of its description). */
export function createRowFetcher(options: DeviceCalls): RowFetcher {
  const fetchFn = options.fetch ?? fetch;
  return async (table, id) => {
    const entity = entityOf(table);
    if (!entity.api.detail) return null;
    const path = `${entity.api.base}${fillPath(entity.api.detail, { company: options.companyId, id, [entity.id]: id })}`;
    const token = options.getToken();
    const response = await fetchFn(path, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    if (response.status === 403 || response.status === 404) return null;
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    const { data } = (await response.json()) as { data: (Record<string, unknown> & { Urls?: unknown }) | null };
    if (!data) return null;
    const { Urls: _signedLinks, ...row } = data;
    return row;
  };
}
