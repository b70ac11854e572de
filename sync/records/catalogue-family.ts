import * as v from 'valibot';
import { defineEntity, type Entity, type Noun, recordBodies, recordMessages } from './entity.ts';
import { RecordIdSchema, RecordMetaEntries } from './record-fields.ts';

/**
 * A family of simple catalogues: records that are a name (`Info`), maybe a kind (`Tipo`) and maybe the record of
 * another catalogue they belong to (a basic cause's factor), plus who wrote them last and when (`Fecha`,
 * `IdUsuario`, set by the server). The spec's accident catalogues are fifteen of these (part 2: "Id, Tipo, Info,
 * Fecha, IdEmpresa, IdUsuario"); each is declared once with `defineCatalogue` and gets its entity, its routes
 * (server/records/catalogue-routes.ts) and its screens (app/ui/records/catalogue-view.ts) from the declaration.
 */
export interface CatalogueParent<Field extends string = string> {
  /** The field that names the parent record: `IdFactor`. */
  field: Field;
  table: string;
  /** What the form's select is called: "Factor". */
  label: string;
  /** Refusal when the parent does not exist (400). */
  message: string;
}

export interface CatalogueDeclaration<Table extends string, ParentField extends string> {
  table: Table;
  noun: Noun;
  /** The screen route (spec 2.3), also the permission route its calls check. */
  route: string;
  /** The module's API base and the spec's call name under it: `/api/accidentes` + `tipo-evento`. */
  base: `/api/${string}`;
  call: string;
  /** Calls that the spec names differently from `call`, by operation (a catalogue read by kind). */
  paths?: Partial<Record<'list' | 'detail' | 'create' | 'update' | 'remove', string>>;
  /** The label of `Info` on screens: "Tipo de lesión". */
  label: string;
  /** The kinds `Tipo` takes (the two kinds of factors); absent, the record has no `Tipo`. */
  kinds?: readonly string[];
  kindLabel?: string;
  parent?: CatalogueParent<ParentField>;
  pullOrder: number;
  /** The device database version that brought the catalogue to devices (its store: ordered by name). */
  deviceSince: number;
}

export const CATALOGUE_MESSAGES = {
  kindInvalid: 'El tipo indicado no es válido',
} as const;

/** "El nombre del tipo de lesión es requerido": messages built from the noun, so fifteen catalogues read alike. */
export function catalogueMessages(noun: Noun) {
  const of = noun.feminine ? 'de la' : 'del';
  return {
    nameRequired: `El nombre ${of} ${noun.one} es requerido`,
    duplicate: `Ya existe ${noun.feminine ? 'una' : 'un'} ${noun.one} con ese nombre`,
    inUse: `No se puede eliminar: hay registros que usan ${noun.feminine ? 'esta' : 'este'} ${noun.one}`,
  };
}

const name = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(200));

/** One of the declared kinds; '' for a catalogue without kinds (every record of the family has `Tipo`). */
const kind = (kinds: readonly string[] | undefined) =>
  v.pipe(
    v.optional(v.string(CATALOGUE_MESSAGES.kindInvalid), ''),
    v.trim(),
    v.check((value) => (kinds ? kinds.includes(value) : value === ''), CATALOGUE_MESSAGES.kindInvalid),
  );

const parentId = (message: string) => v.pipe(v.string(message), v.trim(), v.toLowerCase(), v.uuid(message));

function catalogueEntries<ParentField extends string>(declaration: CatalogueDeclaration<string, ParentField>, nameRequired: string) {
  const parent = (declaration.parent ? { [declaration.parent.field]: parentId(declaration.parent.message) } : {}) as Record<
    ParentField,
    ReturnType<typeof parentId>
  >;
  return {
    Id: RecordIdSchema,
    ...RecordMetaEntries,
    Info: name(nameRequired),
    Tipo: kind(declaration.kinds),
    ...parent,
    /** YYYY-MM-DD of the last write, and who made it: set by the server. */
    Fecha: v.string(),
    IdUsuario: v.number(),
  };
}

type CatalogueSchema<ParentField extends string> = v.ObjectSchema<ReturnType<typeof catalogueEntries<ParentField>>, undefined>;

/** A catalogue's entity: described like any other record of the kit, from its declaration. */
export type CatalogueEntity<Table extends string, ParentField extends string = never> = Entity<
  Table,
  CatalogueSchema<ParentField>,
  'Id'
> & {
  catalogue: CatalogueDeclaration<Table, ParentField>;
};

export function defineCatalogue<const Table extends string, const ParentField extends string = never>(
  declaration: CatalogueDeclaration<Table, ParentField>,
): CatalogueEntity<Table, ParentField> {
  const messages = catalogueMessages(declaration.noun);
  const schema: CatalogueSchema<ParentField> = v.object(catalogueEntries(declaration, messages.nameRequired));
  const fields = ['Info', 'Tipo', ...(declaration.parent ? [declaration.parent.field] : [])] as ('Info' | 'Tipo' | ParentField)[];
  const { createBody, updateBody } = recordBodies(schema, 'Id', fields as never[]);
  const paths = {
    list: `/${declaration.call}/:company`,
    detail: `/${declaration.call}/:Id/:company`,
    create: `/${declaration.call}/:company`,
    update: `/${declaration.call}/:company`,
    remove: `/${declaration.call}/:Id/:company`,
    ...declaration.paths,
  };
  const entity = defineEntity({
    table: declaration.table,
    id: 'Id',
    schema,
    fields,
    createBody,
    updateBody,
    noun: declaration.noun,
    messages: recordMessages(declaration.noun, { inUse: messages.inUse }),
    displayName: (row) => row.Info ?? '',
    permission: declaration.route,
    api: { base: declaration.base, ...paths },
    audience: 'todos',
    references: declaration.parent
      ? [{ field: declaration.parent.field, table: declaration.parent.table, message: declaration.parent.message }]
      : [],
    pullOrder: declaration.pullOrder,
    device: { [declaration.deviceSince]: ['orden'] },
  });
  return { ...entity, catalogue: declaration };
}
