import type { EntityTable } from '#sync/records/entities.ts';
import { entityOf } from '#sync/records/entities.ts';
import { fold, type LocalRows, searchWords } from '#app/db/reference-rows.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import type { FieldView, RecordView } from './record-view.ts';

/** The text of a field as the screens show it. */
export function fieldText<Row, Lookups>(field: FieldView<Row, Lookups>, row: Row, lookups: Lookups): string {
  if (field.show) return field.show(row, lookups);
  const value = row[field.name];
  return value === null || value === undefined ? '' : String(value);
}

/** How a record is named on screen: its description's display name. */
export function recordName<T extends EntityTable>(table: T, row: LocalRows[T]): string {
  return entityOf(table).displayName(row as Record<string, unknown>);
}

/** How the view names a row: its own naming when it has one, the description's display name otherwise. */
export function rowName<T extends EntityTable, Lookups>(view: RecordView<T, Lookups>, row: LocalRows[T], lookups: Lookups): string {
  return view.name ? view.name(row, lookups) : recordName(view.table, row);
}

/** The view's records on this device, in list order (`orden`); undefined while read. */
export function useRecordRows<T extends EntityTable, Lookups>(view: RecordView<T, Lookups>): LocalRows[T][] | undefined {
  const { table, where, order } = view;
  return useDbQuery(
    async (db) => {
      const rows = (await db.table(table).toArray()) as (LocalRows[T] & { orden?: string })[];
      const listed = rows.filter((row) => !where || where(row));
      return listed.sort(order ?? ((a, b) => (a.orden ?? '').localeCompare(b.orden ?? '')));
    },
    [table, where, order],
  );
}

/** The rows whose name and listed fields contain every word of the search (any case, any accent; a RUT with or without dots). */
export function matching<T extends EntityTable, Lookups>(
  view: RecordView<T, Lookups>,
  rows: LocalRows[T][],
  lookups: Lookups,
  search: string,
): LocalRows[T][] {
  const words = searchWords(search);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const shown = fold([rowName(view, row, lookups), ...view.fields.map((field) => fieldText(field, row, lookups))].join(' '));
    const text = `${shown} ${shown.replace(/(\d)[.-](?=[\dk])/g, '$1')}`;
    return words.every((word) => text.includes(word));
  });
}
