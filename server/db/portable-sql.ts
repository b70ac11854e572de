import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';
import { engineOf } from './engine.ts';

/**
 * SQL the two engines write differently, written once here. Everything else the server sends is the same text on
 * both: identifiers quoted (PostgreSQL folds bare ones to lower case), `string_agg`, `coalesce`, `lower` (both fold
 * ASCII only: PostgreSQL runs with the C character type), LIKE on text already folded to lower case.
 */

/**
 * What a filter compares with when a user set up without a contractor RUT or client id must match nothing, not
 * everything: no stored RUT or id holds this character (PostgreSQL refuses NUL in text, SQLite does not).
 */
export const NOBODY = '\u0001';

/**
 * The items of a JSON array of strings kept as text in `column`, as a FROM item named `alias` with one column,
 * `value`: SQLite's `json_each`, PostgreSQL's `json_array_elements_text`.
 */
export function jsonTextItems(db: Db, column: RawBuilder<unknown>, alias: string): RawBuilder<unknown> {
  return engineOf(db) === 'postgres'
    ? sql`json_array_elements_text(${column}::json) AS ${sql.id(alias)}(value)`
    : sql`json_each(${column}) AS ${sql.id(alias)}`;
}

/**
 * The last key a table's AUTOINCREMENT issued, even when the row that had it is gone (0 before the first). On
 * PostgreSQL the change log's comes from its sequence (migration 0024), which counts keys of transactions still open.
 */
export async function lastIssuedKey(db: Db, table: string): Promise<number> {
  const postgres = engineOf(db) === 'postgres';
  const { rows } =
    postgres && table === 'cambios'
      ? await sql<{ seq: number }>`SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS seq FROM cambios_seq`.execute(db)
      : postgres
        ? await sql<{ seq: number }>`SELECT "Ultimo" AS seq FROM secuencias WHERE "Tabla" = ${table}`.execute(db)
        : await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = ${table}`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}
