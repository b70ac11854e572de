import * as v from 'valibot';
import type { FileRef } from './record-fields.ts';
import { BaseVersionSchema } from './record-fields.ts';

/** How a record is named to a person: "cargo"/"cargos", and whether notices agree in the feminine. */
export interface Noun {
  one: string;
  many: string;
  feminine?: boolean;
}

/**
 * What the spec's error catalogue (section 8) says when a write of a record fails ("No se pudo crear el rol"):
 * said before the server's own reason whenever the server refuses such a write, on the screen that waits for it
 * and in Sincronización. A record whose failures the spec does not name says the server's reason alone.
 */
export interface WriteFailureMessages {
  createFailed?: string;
  updateFailed?: string;
  deleteFailed?: string;
  /** Several deletes refused together: "Error al eliminar los accidentes". */
  deleteManyFailed?: string;
}

/** The Spanish notices of a record's writes (spec section 8). */
export interface RecordMessages extends WriteFailureMessages {
  created: string;
  updated: string;
  deleted: string;
  /** Several deleted at once: "Cargos eliminados correctamente". */
  deletedMany: string;
  notFound: string;
  /** Refusal of a delete while active records still point at it (409 `<TABLA>_EN_USO`). */
  inUse: string;
}

/**
 * Who pulls a record (SPEC PL7): every user of the company (shared reference data), company users and the contractor
 * named by a field (a worker of that contractor) and those a list field names above it (`superiores`: the companies
 * up a subcontracting chain), or company users and the contractor and client it names (`partes`).
 */
export type Audience = 'todos' | { contratista: string; superiores?: string } | 'partes';

/**
 * A field of this record that points at another record. It makes the device send the parent first when both were
 * created offline (OB7), the server refuse a write whose target is missing (400 with `message`), and refuse to
 * delete the target while an active record points at it (its `inUse` message). `where` narrows the target (a level
 * of type 2). `many`: the field holds a list of ids; with `key`, a list of objects whose `key` holds the id (empty: none).
 */
export interface Reference {
  field: string;
  table: string;
  many?: boolean;
  key?: string;
  where?: Record<string, string | number>;
  message: string;
  /** 'keep': the target may be deleted while this record points at it (a finished inspection keeps its history). */
  onDelete?: 'restrict' | 'keep';
}

/**
 * The calls of a record, as the spec names them: paths under `base`, with `:company` (the token's company), `:user`
 * (the token's user) and `:<Field>` (the record's own fields) filled in. A record the app only reads has no writes.
 */
export interface EntityApi {
  base: `/api/${string}`;
  /** GET: every active record of the company, in the stored shape (what a device downloads again, SPEC PL5). */
  list: string;
  /** The list answers pages of this size (`?Pagina&PorPagina`) and a `total`. */
  listPage?: number;
  /**
   * GET one record: `{ statusCode, data }`, data null (or a 404) when it does not exist or the user may not see it.
   * `recordRoutes` serves it (deleted records too, with Estado 0) unless the module answers it itself. A device asks
   * it for a record it does not hold yet (app/records/record-reads.ts).
   */
  detail: string;
  create?: string;
  update?: string;
  remove?: string;
}

type Row<Schema extends v.GenericSchema> = v.InferOutput<Schema>;

/** One synced entity, described once: everything app/, server/ and the sync engine need to know about it. */
export interface Entity<
  Table extends string = string,
  Schema extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined> = v.ObjectSchema<v.ObjectEntries, undefined>,
  Id extends string = string,
> {
  /** The device table, the change-log table and the first half of an outbox entry's `recordKey`. */
  table: Table;
  id: Id;
  /** The record as it is stored and pulled. */
  schema: Schema;
  /** The fields a person edits: an update sends only those that changed (CF2); each has its own version (CF3). */
  fields: readonly string[];
  /** Fields whose change is always a conflict when stale (CF4). */
  stateFields?: readonly string[];
  createBody?: v.GenericSchema;
  updateBody?: v.GenericSchema;
  noun: Noun;
  messages: RecordMessages;
  /** How the record is named in lists, notices and the outbox; given a partial row (an update's body). */
  displayName(row: Partial<Row<Schema>>): string;
  /** What a write does in the person's words, when its method does not say it ("Aprobar" for a POST on a record). */
  verb?(write: { method: string; path: string }): string | undefined;
  /** The permission route (`Ruta` of the role's submodule) that the record's calls check. */
  permission: string;
  /**
   * Other permission routes whose holders read these records too, because their screens show them (an
   * inspection's detail lists its observations). Records pointing at this one give their readers by themselves
   * (`readersOf`, SPEC PL10).
   */
  readBy?: readonly string[];
  api: EntityApi;
  audience: Audience;
  /**
   * Where the record is, for field devices (SPEC PL13): the fields that name its worksite (its level 2, and level 3),
   * or the workers it is about (an acta is where its worker is). Absent for what every device of the company holds
   * (catalogues, templates).
   */
  worksite?: RecordWorksite;
  references: readonly Reference[];
  /** Every file the record (or a body of it) points at: all are uploaded before the record (FL3). */
  files?(row: Partial<Row<Schema>>): FileRef[];
  /** Pulled and downloaded in this order: parents before the records that point at them. */
  pullOrder: number;
  /**
   * The device's store of these records (Dexie): the indexes beside the id, by the version of the device database
   * that set them. A change of indexes is a new version appended here, never an edit of one a device may already
   * have (app/db/app-db.test.ts holds every version to its snapshot).
   */
  device: DeviceIndexes;
}

/** The fields of a record that hold its worksite's level 2 and level 3 ids. */
export interface WorksiteFields {
  nivel2: string;
  nivel3?: string;
}

/**
 * A record that names no worksite of its own but is about workers: it is at their worksite (at none when they are at
 * different ones, SPEC PL16). `movesWith`: the field naming its one worker, when the record follows the worker to
 * another worksite (PL14).
 */
export interface WorkersWorksite {
  workers(row: Record<string, unknown>): readonly string[];
  movesWith?: string;
}

export type RecordWorksite = WorksiteFields | WorkersWorksite;

/** Indexes in Dexie's notation (`orden`, `*palabras`, `[IdNivel2+orden]`), by device database version. */
export type DeviceIndexes = Readonly<Record<number, readonly string[]>>;

export type AnyEntity = Entity<string, v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>, string>;
export type RowOf<E extends AnyEntity> = v.InferOutput<E['schema']>;

/** The ids a record's reference holds: one, a list, or the `key` of each object of a list; never an empty one. */
export function referenceIds(reference: Pick<Reference, 'field' | 'many' | 'key'>, row: Record<string, unknown>): string[] {
  const value = row[reference.field];
  const listed = reference.many && Array.isArray(value) ? (value as unknown[]) : [value];
  const ids = reference.key ? listed.map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[reference.key!] : undefined)) : listed;
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** Checks a description's shape where TypeScript keeps its literal table and id. */
export function defineEntity<
  const Table extends string,
  Schema extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>,
  const Id extends keyof v.InferOutput<Schema> & string,
>(entity: Entity<Table, Schema, Id>): Entity<Table, Schema, Id> {
  return entity;
}

function capitalized(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
}

/**
 * The notices of a noun in the spec's words: "Cargo creado correctamente", "Certificaciones eliminadas
 * correctamente". `updated` is the participle the spec uses for that record ("editado" or "actualizado").
 */
export function recordMessages(noun: Noun, options: { updated?: 'editado' | 'actualizado'; inUse: string }): RecordMessages {
  const ending = (participle: string, plural = false) => `${participle.slice(0, -1)}${noun.feminine ? 'a' : 'o'}${plural ? 's' : ''}`;
  const one = capitalized(noun.one);
  return {
    created: `${one} ${ending('creado')} correctamente`,
    updated: `${one} ${ending(options.updated ?? 'editado')} correctamente`,
    deleted: `${one} ${ending('eliminado')} correctamente`,
    deletedMany: `${capitalized(noun.many)} ${ending('eliminado', true)} correctamente`,
    notFound: `${one} no ${ending('encontrado')}`,
    inUse: options.inUse,
  };
}

/**
 * The create and update bodies of a simple record, derived from its stored schema: a create sends the id and the
 * editable fields; an update sends the id, the `Version` it was based on and only the fields that changed (CF2).
 */
export function recordBodies<
  Entries extends v.ObjectEntries,
  const Id extends keyof Entries & string,
  const Field extends keyof Entries & string,
>(
  schema: v.ObjectSchema<Entries, v.ErrorMessage<v.ObjectIssue> | undefined>,
  id: Id,
  fields: readonly Field[],
): {
  createBody: v.ObjectSchema<Pick<Entries, Id | Field>, undefined>;
  updateBody: v.ObjectSchema<
    Pick<Entries, Id> & { Version: typeof BaseVersionSchema } & { [K in Field]: v.OptionalSchema<Entries[K], undefined> },
    undefined
  >;
} {
  const entry = (field: string) => schema.entries[field]!;
  const editable = Object.fromEntries(fields.map((field) => [field, entry(field)]));
  const optional = Object.fromEntries(fields.map((field) => [field, v.optional(entry(field))]));
  return {
    createBody: v.object({ [id]: entry(id), ...editable }) as never,
    updateBody: v.object({ [id]: entry(id), Version: BaseVersionSchema, ...optional }) as never,
  };
}

/** Fills a call template: `:company`, `:user` and `:<Field>` of `values`; a missing value is an error, never "undefined". */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`Falta ${name} para la ruta ${template}`);
    return encodeURIComponent(String(value));
  });
}
