import type { Page } from '@playwright/test';

/** One traced write: timestamps (performance.now) of the phases of its read-write transaction. */
export interface WriteTrace {
  started: number;
  /** The write's read-write transaction was first used (its first objectStore(), just before its first request). */
  opened?: number;
  /** The last request of that transaction succeeded. */
  lastSuccess?: number;
  /** Its `complete` event: with strict durability, the data has been flushed to disk. */
  complete?: number;
  ended?: number;
  requests: number;
}

declare global {
  interface Window {
    /**
     * tests/bench/local-write.bench.ts: the floor of a local write, raw IndexedDB in a scratch database shaped like
     * the app's `trabajadores` and `outbox` stores: one read-write transaction, one put into each, awaiting `complete`.
     */
    __benchFloorWrite?: (row: object, entry: object, durability: IDBTransactionDurability) => Promise<void>;
    /**
     * The requests the app's write issues (SPEC OB1, PL6), in raw IndexedDB in the same scratch database: in one
     * strict transaction, the count of the record's queued entries and the read of its row, the entry's add and the
     * row's put together with them, and the server's copy once both answered. What the app's guarantees cost, without Dexie.
     */
    __benchRawAppWrite?: (id: string, row: object, entry: object) => Promise<void>;
    /**
     * Wraps IndexedDB's own methods to time the phases of the first read-write transaction `write` opens. Installed
     * on its first call, so it costs nothing to the writes measured before.
     */
    __benchTraceWrite?: (write: () => Promise<unknown>) => Promise<WriteTrace>;
  }
}

/**
 * Puts the floor's hooks on the signed-in page. The scratch database copies the key path, key generator and indexes
 * of the app's own stores, read from the person's real database, so both sides maintain the same indexes. No Dexie
 * and no app code.
 */
export function installLocalWriteFloor(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const request = <T,>(pending: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        pending.onsuccess = () => resolve(pending.result);
        pending.onerror = () => reject(pending.error);
      });
    const session = JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } };
    const app = await request(indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`));
    const storeNames = ['trabajadores', 'outbox'] as const;
    const shapes = [...storeNames, 'serverRows' as const].map((name) => {
      const store = app.transaction(name).objectStore(name);
      const indexes = [...store.indexNames].map((indexName) => {
        const index = store.index(indexName);
        return { name: indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
      });
      return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
    });
    app.close();

    const name = 'andes-bench-suelo-escritura';
    await request(indexedDB.deleteDatabase(name) as unknown as IDBRequest<unknown>);
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => {
      for (const shape of shapes) {
        const store = open.result.createObjectStore(shape.name, { keyPath: shape.keyPath, autoIncrement: shape.autoIncrement });
        for (const { name, keyPath, unique, multiEntry } of shape.indexes) store.createIndex(name, keyPath, { unique, multiEntry });
      }
    };
    const scratch = await request(open);

    window.__benchFloorWrite = (row, entry, durability) =>
      new Promise<void>((resolve, reject) => {
        const transaction = scratch.transaction(storeNames, 'readwrite', { durability });
        transaction.objectStore('trabajadores').put(row);
        transaction.objectStore('outbox').put(entry);
        transaction.oncomplete = () => resolve();
        transaction.onabort = () => reject(transaction.error);
      });

    window.__benchRawAppWrite = (id, row, entry) =>
      new Promise<void>((resolve, reject) => {
        const transaction = scratch.transaction([...storeNames, 'serverRows'], 'readwrite', { durability: 'strict' });
        const workers = transaction.objectStore('trabajadores');
        const outbox = transaction.objectStore('outbox');
        const { recordKey } = entry as { recordKey: string };
        const queued = outbox.index('recordKey').count(recordKey);
        const current = workers.get(id);
        outbox.add(entry);
        workers.put(row);
        let answers = 0;
        const copy = () => {
          if (++answers < 2) return;
          if (queued.result === 0) transaction.objectStore('serverRows').put({ recordKey, row: current.result ?? null });
        };
        queued.onsuccess = copy;
        current.onsuccess = copy;
        transaction.oncomplete = () => resolve();
        transaction.onabort = () => reject(transaction.error);
      });

    let active: WriteTrace | null = null;
    const install = () => {
      const traced = new WeakMap<IDBTransaction, WriteTrace>();
      // Dexie binds IDBDatabase.transaction when it opens the database, so the transaction is caught at its first
      // objectStore(), which every request goes through, rather than at its creation.
      const objectStore = IDBTransaction.prototype.objectStore;
      IDBTransaction.prototype.objectStore = function (this: IDBTransaction, name: string) {
        const trace = active;
        if (trace && trace.opened === undefined && this.mode === 'readwrite') {
          trace.opened = performance.now();
          traced.set(this, trace);
          // The event's own time: the page's handlers of `complete` (Dexie's wakes the live queries) run before this
          // listener, and belong to the phase after the commit.
          this.addEventListener('complete', (event) => {
            trace.complete = event.timeStamp;
          });
        }
        return objectStore.call(this, name);
      };
      const methods = ['put', 'add', 'get', 'getAll', 'getKey', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor', 'delete'];
      for (const prototype of [IDBObjectStore.prototype, IDBIndex.prototype] as unknown as Record<string, unknown>[]) {
        for (const method of methods) {
          const original = prototype[method] as ((...args: unknown[]) => IDBRequest) | undefined;
          if (!original) continue;
          prototype[method] = function (this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
            const pending = original.apply(this, args);
            const trace = traced.get('transaction' in this ? this.transaction : this.objectStore.transaction);
            if (trace) {
              trace.requests++;
              pending.addEventListener('success', (event) => {
                trace.lastSuccess = event.timeStamp;
              });
            }
            return pending;
          };
        }
      }
    };
    let installed = false;
    window.__benchTraceWrite = async (write) => {
      if (!installed) install();
      installed = true;
      const trace: WriteTrace = { started: performance.now(), requests: 0 };
      active = trace;
      try {
        await write();
      } finally {
        active = null;
      }
      trace.ended = performance.now();
      return trace;
    };
  });
}

export interface WritePhases {
  beforeOpen: number;
  requests: number;
  commit: number;
  afterCommit: number;
  requestCount: number;
}

/** Medians of each phase of the traced writes, in ms: where a write's time goes. */
export function traceSplit(traces: WriteTrace[]): WritePhases {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  for (const trace of traces) {
    if (trace.opened === undefined || trace.lastSuccess === undefined || trace.complete === undefined || trace.ended === undefined) {
      throw new Error(`Una escritura trazada no abrió su transacción de escritura o no la confirmó: ${JSON.stringify(trace)}`);
    }
  }
  return {
    beforeOpen: median(traces.map((trace) => trace.opened! - trace.started)),
    requests: median(traces.map((trace) => trace.lastSuccess! - trace.opened!)),
    commit: median(traces.map((trace) => trace.complete! - trace.lastSuccess!)),
    afterCommit: median(traces.map((trace) => trace.ended! - trace.complete!)),
    requestCount: median(traces.map((trace) => trace.requests)),
  };
}
