import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { CatalogueDeclaration } from '#sync/records/catalogue-family.ts';
import { ENTITY_LIST, entityOf, type EntityTable } from '#sync/records/entities.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { RecordPaths } from '#app/navigation/paths.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import type { SelectOption } from '#app/ui/form/form-select.tsx';
import { recordLabels } from './record-labels.ts';
import type { FieldView, RecordView } from './record-view.ts';

/** The parent catalogue's records, for the parent's select, filter and name. */
export interface CatalogueLookups {
  parents: SelectOption[];
  parentName: ReadonlyMap<string, string>;
}

type CatalogueRow = Record<string, unknown> & { Id: string; Info: string; Tipo: string; Fecha?: string };

function declarationOf(table: EntityTable): CatalogueDeclaration<string, string> {
  const declaration = (entityOf(table) as { catalogue?: CatalogueDeclaration<string, string> }).catalogue;
  if (!declaration) throw new Error(`${table} no es un catálogo de la familia (sync/records/catalogue-family.ts)`);
  return declaration;
}

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

/** The catalogues of the family that hang from `table` (a factor's basic causes): a record they use is in use. */
function childrenOf(table: string): { table: string; field: string }[] {
  return ENTITY_LIST.flatMap((entity) => {
    const parent = (entity as { catalogue?: CatalogueDeclaration<string, string> }).catalogue?.parent;
    return parent?.table === table ? [{ table: entity.table, field: parent.field }] : [];
  });
}

async function childCount(db: AppDb, table: string, id: string): Promise<number> {
  let count = 0;
  for (const child of childrenOf(table))
    count += await db
      .table(child.table)
      .filter((row: Record<string, unknown>) => row[child.field] === id)
      .count();
  return count;
}

/** The hook that reads the parent catalogue for the view (made once per view, called by the kit as `useLookups`). */
function parentLookupsHook(parentTable: string | undefined): () => CatalogueLookups | undefined {
  return function useLookups() {
    return useDbQuery(async (db) => {
      const rows = parentTable ? ((await db.table(parentTable).orderBy('orden').toArray()) as CatalogueRow[]) : [];
      return {
        parents: rows.map((row) => ({ value: row.Id, label: row.Info })),
        parentName: new Map(rows.map((row) => [row.Id, row.Info])),
      };
    }, []);
  };
}

/**
 * The kit's screens of a catalogue of the family, from its declaration alone: its name, its kind and its parent as
 * fields, filters by kind and parent, and a record that other catalogues hang from kept from deletion while in use.
 */
export function catalogueView<T extends EntityTable>(table: T, routes: RecordPaths): RecordView<T, CatalogueLookups> {
  const declaration = declarationOf(table);
  const { noun, parent, kinds } = declaration;
  const fields: FieldView<CatalogueRow, CatalogueLookups>[] = [
    { name: 'Info', label: declaration.label, required: true, input: { kind: 'text' }, inList: false },
    ...(kinds
      ? [
          {
            name: 'Tipo',
            label: declaration.kindLabel ?? 'Tipo',
            required: true,
            input: { kind: 'select' as const, options: () => kinds.map((kind) => ({ value: kind, label: kind })) },
          },
        ]
      : []),
    ...(parent
      ? [
          {
            name: parent.field,
            label: parent.label,
            required: true,
            show: (row: CatalogueRow, lookups: CatalogueLookups) => lookups.parentName.get(String(row[parent.field])) ?? '',
            input: {
              kind: 'select' as const,
              emptyLabel: `Elige ${parent.label.toLocaleLowerCase('es')}`,
              options: (lookups: CatalogueLookups) => lookups.parents,
            },
          },
        ]
      : []),
    { name: 'Fecha', label: 'Última modificación', show: (row: CatalogueRow) => formatDisplayDate(row.Fecha ?? ''), inList: false },
  ];
  const filters = [
    ...(kinds
      ? [
          {
            name: 'Tipo',
            label: declaration.kindLabel ?? 'Tipo',
            emptyLabel: 'Todos',
            options: () => kinds.map((kind) => ({ value: kind, label: kind })),
            matches: (row: CatalogueRow, value: string) => row.Tipo === value,
          },
        ]
      : []),
    ...(parent
      ? [
          {
            name: parent.field,
            label: parent.label,
            emptyLabel: 'Todos',
            options: (lookups: CatalogueLookups) => lookups.parents,
            matches: (row: CatalogueRow, value: string) => row[parent.field] === value,
          },
        ]
      : []),
  ];
  const children = childrenOf(table);
  const view = {
    table,
    routes,
    title: capitalized(noun.many),
    labels: recordLabels(noun.one, noun.feminine),
    fields,
    useLookups: parentLookupsHook(parent?.table),
    ...(filters.length > 0 ? { filters } : {}),
    ...(kinds ? { defaults: { Tipo: kinds[0] } } : {}),
    ...(children.length > 0 ? { inUse: (db: AppDb, row: CatalogueRow) => childCount(db, table, row.Id) } : {}),
  };
  return view as unknown as RecordView<T, CatalogueLookups>;
}
