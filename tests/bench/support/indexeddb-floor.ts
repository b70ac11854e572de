import type { Page } from '@playwright/test';

export interface IndexedDbFloor {
  withoutIndexesMs: number;
  withIndexesMs: number;
  /** With the indexes, in transactions of the app's own pull page (`pageRows`) rather than 1000. */
  withIndexesAtPageMs: number;
}

/**
 * What IndexedDB alone takes on this machine for the workers the app stored: the same rows, read back from the
 * signed-in person's database, put one by one into a scratch database in transactions of 1000 (a pull page), with
 * the app's durability, once without indexes and once with the indexes the app's `trabajadores` store has (the
 * floor the issue set its target against), and once more with the indexes in transactions of the app's own page. No
 * Dexie and no app code: the figure below which a store of one record per worker cannot go.
 */
export function indexedDbFloor(page: Page, expectedRows: number, pageRows: number): Promise<IndexedDbFloor> {
  return page.evaluate(async ({ expected, pageRows }) => {
    const request = <T,>(make: () => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const pending = make();
        pending.onsuccess = () => resolve(pending.result);
        pending.onerror = () => reject(pending.error);
      });
    const session = JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } };
    const app = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const appStore = app.transaction('trabajadores').objectStore('trabajadores');
    const keyPath = appStore.keyPath as string;
    const indexes = [...appStore.indexNames].map((name) => {
      const index = appStore.index(name);
      return { name, keyPath: index.keyPath, multiEntry: index.multiEntry };
    });
    const rows = await request(() => appStore.getAll());
    app.close();
    if (rows.length !== expected) throw new Error(`se leyeron ${rows.length} trabajadores, se esperaban ${expected}`);

    async function timePuts(withIndexes: boolean, perTransaction = 1000): Promise<number> {
      const name = `andes-bench-suelo-${withIndexes ? 'indices' : 'sin-indices'}`;
      await request(() => indexedDB.deleteDatabase(name) as unknown as IDBRequest<unknown>);
      const scratch = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore('trabajadores', { keyPath });
          if (withIndexes) for (const index of indexes) store.createIndex(index.name, index.keyPath, { multiEntry: index.multiEntry });
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const started = performance.now();
      for (let start = 0; start < rows.length; start += perTransaction) {
        await new Promise<void>((resolve, reject) => {
          const transaction = scratch.transaction('trabajadores', 'readwrite', { durability: 'strict' });
          const store = transaction.objectStore('trabajadores');
          for (const row of rows.slice(start, start + perTransaction)) store.put(row);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      }
      const ms = performance.now() - started;
      scratch.close();
      await request(() => indexedDB.deleteDatabase(name) as unknown as IDBRequest<unknown>);
      return ms;
    }

    const [withoutIndexesMs, withIndexesMs] = [await timePuts(false), await timePuts(true)];
    return { withoutIndexesMs, withIndexesMs, withIndexesAtPageMs: await timePuts(true, pageRows) };
  }, { expected: expectedRows, pageRows });
}
