import { NOBODY } from '#server/db/portable-sql.ts';
import { sql, type Kysely } from 'kysely';
import type * as v from 'valibot';
import type { AnyEntity, Reference, RowOf } from '#sync/records/entity.ts';
import { shapedQuery, type Db } from '../db/database.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import type { AnyWorkerRecords } from './worker-records.ts';

/** A stored record with what the server keeps beside it: the version of each field's last change (CF3). */
export interface StoredWithVersions<Row> {
  row: Row;
  fieldVersions: string;
}

/**
 * Where one entity's records live. The write kit, the read registry and the pull reach records only through this,
 * so a module with a table of its own shape (workers keep their positions in a join table) supplies its own.
 */
export interface RecordStore<Row> {
  /** The company holding the id, whichever it is: ids are global, so a create must know whether anyone has it. */
  companyOf(db: Db, id: string): Promise<string | undefined>;
  load(db: Db, company: string, id: string): Promise<StoredWithVersions<Row> | undefined>;
  /** An older version of a record that keeps them (a template's content an inspection was started on). */
  loadVersion?(db: Db, company: string, id: string, version: number): Promise<Row | undefined>;
  /**
   * Absent for records whose module writes them itself (a finished inspection is written whole, IN2). May give the
   * row exactly as `load` would read it back now, when the store knows it without reading (every column written).
   */
  insert?(db: Db, row: Row, fieldVersions: string): Promise<Row | void>;
  update?(db: Db, row: Row, fieldVersions: string): Promise<void>;
  /** Live records (Estado not 0) the viewer may read, in the list's order. */
  listActive(db: Db, company: string, viewer: Viewer): Promise<Row[]>;
  /** Of `ids`, those that are live records (Estado not 0) of the company matching `where`. */
  activeIds(db: Db, company: string, ids: readonly string[], where?: Reference['where']): Promise<Set<string>>;
  /** Whether an active record points at `id` through `reference` (a delete of the target is refused then). */
  isReferenced(db: Db, company: string, reference: Reference, id: string): Promise<boolean>;
  /** Whether another active record has these values (texts compared without case); for unique fields. */
  hasDuplicate?(db: Db, company: string, values: Record<string, unknown>, exceptId: string): Promise<boolean>;
  /** What this entity holds about one worker, for readers outside its module (the inspector portal). */
  workerRecords?: AnyWorkerRecords;
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

const liveIdsQuery = shapedQuery<Record<string, unknown>>();

/**
 * Of `ids`, those of live records (Estado not 0) of the company in `table` matching `where`: how every write checks
 * its references, so compiled once per shape (how many ids, which filters).
 */
export async function liveIds(
  db: Db,
  { table, id }: { table: string; id: string },
  owner: string,
  ids: readonly string[],
  where: Reference['where'] = {},
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const filters = Object.entries(where);
  const shape = `${table}:${ids.length}:${filters.map(([field]) => field).join(',')}`;
  const found = await liveIdsQuery(db, shape, [owner, 0, ...ids, ...filters.map(([, value]) => value)], () => {
    let query = (db as unknown as Loose).selectFrom(table).select(id).where('IdEmpresa', '=', owner).where('Estado', '<>', 0).where(id, 'in', [...ids]);
    for (const [field, value] of filters) query = query.where(field, '=', value);
    return query;
  });
  return new Set(found.map((row) => String(row[id])));
}

const JSON_TYPES = new Set(['array', 'object', 'record', 'strict_object', 'loose_object', 'tuple']);

/** Fields kept as JSON text in a column: lists and objects (SQLite and PostgreSQL both store text). */
function jsonFieldsOf(schema: AnyEntity['schema']): Set<string> {
  const unwrap = (entry: v.GenericSchema): v.GenericSchema => {
    const wrapped = (entry as unknown as { wrapped?: v.GenericSchema }).wrapped;
    return wrapped ? unwrap(wrapped) : entry;
  };
  return new Set(Object.entries(schema.entries).filter(([, entry]) => JSON_TYPES.has(unwrap(entry).type)).map(([field]) => field));
}

/**
 * What a viewer may list of an entity (SPEC PL7): everything of a shared entity; of a contractor's or the parties'
 * records, a contractor user only its own RUT's and a client user only its own client's. An empty RUT or client id
 * matches nothing: a user set up without one sees nothing, not everything.
 */
function viewerLimits(entity: AnyEntity, viewer: Viewer): [string, string][] {
  if (entity.audience === 'todos' || viewer.kind === 'empresa') return [];
  const contractorField = entity.audience === 'partes' ? 'RutContratista' : entity.audience.contratista;
  if (viewer.kind === 'contratista') return [[contractorField, viewer.rut === '' ? NOBODY : viewer.rut]];
  return entity.audience === 'partes' ? [['IdCliente', viewer.id === '' ? NOBODY : viewer.id]] : [];
}

export interface SqlStoreOptions {
  /** The list's order, most significant first (the id breaks ties). */
  orderBy: readonly string[];
  /**
   * Where a contractor user's RUT puts a row in its list when that is more than the audience's field: any of these
   * columns, a RUT or a JSON list of RUTs (a contract it subcontracts in, a document of its subcontractor).
   */
  contractorSees?: readonly string[];
}

/**
 * The store of a simple entity: one table named like the entity, one column per field of its schema (lists and
 * objects as JSON text), plus `VersionesCampos`. Plain Kysely, nothing SQLite-only, so PostgreSQL can run it too.
 */
export function sqlRecordStore<E extends AnyEntity>(entity: E, options: SqlStoreOptions): RecordStore<RowOf<E>> {
  const { table, id } = entity;
  const fields = Object.keys(entity.schema.entries);
  const json = jsonFieldsOf(entity.schema);
  const loose = (db: Db) => db as unknown as Loose;
  const toRow = (stored: Record<string, unknown>) =>
    Object.fromEntries(
      fields.map((field) => {
        const value = stored[field];
        if (json.has(field)) return [field, typeof value === 'string' ? (JSON.parse(value) as unknown) : value];
        return [field, field === 'Estado' ? Number(value) : value];
      }),
    ) as RowOf<E>;
  const toColumns = (row: RowOf<E>, fieldVersions: string) => ({
    ...Object.fromEntries(fields.map((field) => [field, json.has(field) ? JSON.stringify(row[field]) : row[field]])),
    VersionesCampos: fieldVersions,
  });
  const company = (db: Db, value: string) => loose(db).selectFrom(table).where('IdEmpresa', '=', value);
  // Estado 0 is a deleted record; every other value is a live state the module names (a case open or closed).
  const live = (db: Db, value: string) => company(db, value).where('Estado', '<>', 0);

  return {
    async companyOf(db, value) {
      const found = await loose(db).selectFrom(table).select('IdEmpresa').where(id, '=', value).executeTakeFirst();
      return found?.IdEmpresa as string | undefined;
    },
    async load(db, owner, value) {
      const stored = await company(db, owner).selectAll().where(id, '=', value).executeTakeFirst();
      return stored && { row: toRow(stored), fieldVersions: String(stored.VersionesCampos ?? '{}') };
    },
    async insert(db, row, fieldVersions) {
      await loose(db).insertInto(table).values(toColumns(row, fieldVersions)).execute();
    },
    async update(db, row, fieldVersions) {
      await loose(db)
        .updateTable(table)
        .set(toColumns(row, fieldVersions))
        .where('IdEmpresa', '=', row.IdEmpresa)
        .where(id, '=', row[id] as string)
        .execute();
    },
    async listActive(db, owner, viewer) {
      let query = live(db, owner).selectAll();
      const seen = viewer.kind === 'contratista' ? options.contractorSees : undefined;
      if (seen) {
        // A RUT is digits, a dash and K: no LIKE wildcard can be in one.
        const rut = viewer.kind === 'contratista' && /^[\dK-]+$/.test(viewer.rut) ? viewer.rut : NOBODY;
        query = query.where((eb) => eb.or(seen.map((field) => (json.has(field) ? eb(field, 'like', `%${JSON.stringify(rut)}%`) : eb(field, '=', rut)))));
      } else for (const [field, value] of viewerLimits(entity, viewer)) query = query.where(field, '=', value);
      // NULLs first as SQLite sorts them (PostgreSQL puts them last), e.g. a headcount without a level 3.
      for (const field of [...options.orderBy, id]) query = query.orderBy(sql`${sql.ref(field)} asc nulls first`);
      const rows = await query.execute();
      return rows.map(toRow);
    },
    activeIds: (db, owner, ids, where) => liveIds(db, entity, owner, ids, where),
    async hasDuplicate(db, owner, values, exceptId) {
      let query = live(db, owner).select(id).where(id, '!=', exceptId);
      for (const [field, value] of Object.entries(values)) {
        if (value === null) query = query.where(field, 'is', null);
        else if (typeof value === 'string') query = query.where((eb) => eb(eb.fn('lower', [eb.ref(field)]), '=', value.toLowerCase()));
        else query = query.where(field, '=', value);
      }
      return (await query.executeTakeFirst()) !== undefined;
    },
    async isReferenced(db, owner, reference, value) {
      let query = live(db, owner).select(id);
      if (!reference.many) query = query.where(reference.field, '=', value);
      else {
        // A list kept as JSON text holds the id quoted (after its key in a list of objects, as JSON.stringify wrote
        // it). Ids are UUIDs: no LIKE wildcard can be in one.
        if (!json.has(reference.field) || /[%_\\]/.test(value)) throw new Error(`${table}.${reference.field}: una lista de referencias se guarda como JSON de ids`);
        const quoted = reference.key ? `${JSON.stringify(reference.key)}:${JSON.stringify(value)}` : JSON.stringify(value);
        query = query.where(reference.field, 'like', `%${quoted}%`);
      }
      return (await query.executeTakeFirst()) !== undefined;
    },
  };
}
