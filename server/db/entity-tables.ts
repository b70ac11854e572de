import type { Generated } from 'kysely';
import type { Entities, EntityTable } from '#sync/records/entities.ts';
import type { RowOf } from '#sync/records/entity.ts';

/**
 * The described records whose module keeps a table of its own shape (children in join tables or JSON columns of
 * other names, a search column, a table named otherwise); their types are written in the area files beside this.
 * Every other entity is stored by the kit (`sqlRecordStore`): one column per field of its schema, and the type of
 * its table below comes from that schema, so its fields are written once (tests/api/migrations.test.ts holds
 * every migration to it).
 */
export const OWN_SHAPE_TABLES = [
  'trabajadores',
  'formularios',
  'inspecciones',
  'observaciones',
  'capacitaciones',
  'epp_entregas',
] as const satisfies readonly EntityTable[];

export type KitEntityTable = Exclude<EntityTable, (typeof OWN_SHAPE_TABLES)[number]>;

/** A value as a column keeps it: lists and objects as JSON text, in SQLite and PostgreSQL alike. */
type Column<T> = T extends object ? string : T;

/** A kit table: the record's fields, `Estado` and `Version` defaulted by the table, and each field's version (CF3). */
export type KitTable<Row> = { [Field in keyof Row]: Field extends 'Estado' | 'Version' ? Generated<number> : Column<Row[Field]> } & {
  VersionesCampos: Generated<string>;
};

export type KitTables = { [T in KitEntityTable]: KitTable<RowOf<Entities[T]>> };
