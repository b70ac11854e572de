import type SQLite from 'better-sqlite3';

/** The message a moved installation's database refuses every write with (see `sourceGuard`). */
export const MOVED_MARKER = 'INSTALACION_TRASLADADA';

export const MOVED_MESSAGE = 'La instalación se trasladó a un nuevo servidor: sus cambios quedan guardados en el equipo y se enviarán allí.';

/**
 * Triggers that make a moved SQLite installation refuse every write, from the server still running on it as
 * from anything else: a write it acknowledged after the copy would never reach the new installation. The server
 * answers them 503 (error-handler.ts), which devices retry: their writes stay queued until they reach the new one.
 */
export function sourceGuard(source: SQLite.Database): string[] {
  const tables = (source.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_'));
  return tables.flatMap((table) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (operation) =>
        `CREATE TRIGGER "traslado_${table}_${operation.toLowerCase()}" BEFORE ${operation} ON "${table}" ` +
        `BEGIN SELECT RAISE(ABORT, '${MOVED_MARKER}'); END`,
    ),
  );
}
