import { type LocalTrabajador, searchWords } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** Workers whose RUT or names start with every word typed, in list order; nothing until something is typed. */
export function useWorkerSearch(text: string, limit = 8): LocalTrabajador[] | undefined {
  return useDbQuery(
    async (db) => {
      const words = searchWords(text);
      if (words.length === 0) return [];
      const [first, ...rest] = words;
      const candidates = await db.trabajadores.where('palabras').startsWith(first!).limit(400).toArray();
      return candidates
        .filter((worker) => rest.every((word) => worker.palabras.some((part) => part.startsWith(word))))
        .sort((a, b) => a.orden.localeCompare(b.orden))
        .slice(0, limit);
    },
    [text, limit],
  );
}

export function useWorkersById(ids: readonly string[]): Map<string, LocalTrabajador> | undefined {
  const key = ids.join(',');
  return useDbQuery(
    async (db) => {
      const rows = await db.trabajadores.bulkGet(key ? key.split(',') : []);
      return new Map(rows.filter((row): row is LocalTrabajador => row !== undefined).map((row) => [row.IdPersona, row]));
    },
    [key],
  );
}
