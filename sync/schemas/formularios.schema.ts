import * as v from 'valibot';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { BaseVersionSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

/** Checklist templates (formularios). Messages the spec does not name follow its tone. */
export const FORMULARIOS_MESSAGES = {
  created: 'Formulario creado correctamente',
  updated: 'Formulario editado correctamente',
  retired: 'Formulario retirado correctamente',
  notFound: 'Formulario no encontrado',
  versionNotFound: 'La versión del formulario no existe',
  nameRequired: 'El nombre del formulario es requerido',
  typeInvalid: 'El tipo de formulario debe ser inspección, observación o varios',
  itemsRequired: 'El formulario debe tener al menos un ítem con un enunciado',
  itemNameRequired: 'El nombre del ítem es requerido',
  statementRequired: 'El texto del enunciado es requerido',
  weightInvalid: 'La ponderación debe ser un número entero entre 1 y 100',
  subquestionRequired: 'El texto de la subpregunta es requerido',
  headerLabelRequired: 'La etiqueta del campo de encabezado es requerida',
  columnsInvalid: 'El encabezado se muestra en una o dos columnas',
  duplicateIds: 'Los identificadores de ítems, enunciados y campos deben ser únicos',
  rangesInvalid: 'Los rangos de nota deben cubrir de 0 a 100 % sin vacíos ni superposiciones',
  gradeInvalid: 'La nota debe estar entre 1,0 y 7,0',
  eppInvalid: 'Un enunciado está vinculado a un EPP que no existe en el catálogo',
} as const;

/** Kinds of template; the route segment `formularios/{tipo}/...` uses the same words. */
export const FORMULARIO_TYPES = ['inspeccion', 'observacion', 'varios'] as const;
export type FormularioTipo = (typeof FORMULARIO_TYPES)[number];
export const FORMULARIO_TYPE_LABELS: Record<FormularioTipo, string> = {
  inspeccion: 'Inspección',
  observacion: 'Observación',
  varios: 'Varios',
};

/** Ids inside a template are short stable keys (kept across versions so answers can be compared). */
const LocalIdSchema = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, FORMULARIOS_MESSAGES.duplicateIds));
const text = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max));

export const CampoEncabezadoSchema = v.object({
  IdCampo: LocalIdSchema,
  Etiqueta: text(FORMULARIOS_MESSAGES.headerLabelRequired, 80),
  Tipo: v.picklist(['texto', 'numero', 'fecha'], FORMULARIOS_MESSAGES.headerLabelRequired),
  Requerido: v.boolean(),
});
export type CampoEncabezado = v.InferOutput<typeof CampoEncabezadoSchema>;

export const SubpreguntaSchema = v.object({
  IdSubpregunta: LocalIdSchema,
  Texto: text(FORMULARIOS_MESSAGES.subquestionRequired, 300),
});
export type Subpregunta = v.InferOutput<typeof SubpreguntaSchema>;

export const EnunciadoSchema = v.object({
  IdEnunciado: LocalIdSchema,
  Texto: text(FORMULARIOS_MESSAGES.statementRequired, 500),
  Ponderacion: v.pipe(
    v.number(FORMULARIOS_MESSAGES.weightInvalid),
    v.integer(FORMULARIOS_MESSAGES.weightInvalid),
    v.minValue(1, FORMULARIOS_MESSAGES.weightInvalid),
    v.maxValue(100, FORMULARIOS_MESSAGES.weightInvalid),
  ),
  /** Short written answers under the statement (a code, a reading); they do not count for compliance. */
  Subpreguntas: v.array(SubpreguntaSchema),
  /**
   * The EPP item the statement checks the use of (issue #16): a No cumple on it is a finding of non-use of that item
   * for the workers the inspection observed. Optional: older versions and unlinked statements have none.
   */
  IdEpp: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.uuid(FORMULARIOS_MESSAGES.eppInvalid)))),
});
export type Enunciado = v.InferOutput<typeof EnunciadoSchema>;

export const ItemSchema = v.object({
  IdItem: LocalIdSchema,
  Nombre: text(FORMULARIOS_MESSAGES.itemNameRequired, 200),
  Enunciados: v.pipe(v.array(EnunciadoSchema), v.minLength(1, FORMULARIOS_MESSAGES.itemsRequired)),
});
export type Item = v.InferOutput<typeof ItemSchema>;

const GradeSchema = v.pipe(
  v.number(FORMULARIOS_MESSAGES.gradeInvalid),
  v.minValue(1, FORMULARIOS_MESSAGES.gradeInvalid),
  v.maxValue(7, FORMULARIOS_MESSAGES.gradeInvalid),
);
const PercentSchema = v.pipe(
  v.number(FORMULARIOS_MESSAGES.rangesInvalid),
  v.minValue(0, FORMULARIOS_MESSAGES.rangesInvalid),
  v.maxValue(100, FORMULARIOS_MESSAGES.rangesInvalid),
);

/** One row of the grade scale: a compliance percentage from `Desde` (inclusive) to `Hasta` (exclusive, 100 inclusive) gives `Nota`. */
export const RangoSchema = v.object({ Desde: PercentSchema, Hasta: PercentSchema, Nota: GradeSchema });
export type Rango = v.InferOutput<typeof RangoSchema>;

/** Ranges sorted by `Desde` must start at 0, chain without gaps or overlaps, and end at 100. */
export function rangesCoverScale(rangos: readonly Rango[]): boolean {
  const sorted = [...rangos].sort((a, b) => a.Desde - b.Desde);
  if (sorted.length === 0 || sorted[0]!.Desde !== 0 || sorted.at(-1)!.Hasta !== 100) return false;
  return sorted.every((rango, index) => rango.Desde < rango.Hasta && (index === 0 || sorted[index - 1]!.Hasta === rango.Desde));
}

function idsUnique(content: { CamposEncabezado: CampoEncabezado[]; Items: Item[] }): boolean {
  const ids = [
    ...content.CamposEncabezado.map((campo) => `c:${campo.IdCampo}`),
    ...content.Items.map((item) => `i:${item.IdItem}`),
    ...content.Items.flatMap((item) => item.Enunciados.map((e) => `e:${e.IdEnunciado}`)),
    ...content.Items.flatMap((item) => item.Enunciados.flatMap((e) => e.Subpreguntas.map((s) => `s:${e.IdEnunciado}:${s.IdSubpregunta}`))),
  ];
  return new Set(ids).size === ids.length;
}

const ContenidoObjectSchema = v.object({
  ColumnasEncabezado: v.picklist([1, 2], FORMULARIOS_MESSAGES.columnsInvalid),
  CamposEncabezado: v.array(CampoEncabezadoSchema),
  Items: v.pipe(v.array(ItemSchema, FORMULARIOS_MESSAGES.itemsRequired), v.minLength(1, FORMULARIOS_MESSAGES.itemsRequired)),
  Rangos: v.pipe(
    v.array(RangoSchema, FORMULARIOS_MESSAGES.rangesInvalid),
    v.check((rangos: Rango[]) => rangesCoverScale(rangos), FORMULARIOS_MESSAGES.rangesInvalid),
  ),
});

/** What a version of a template holds. A version is never edited: a change makes the next version. */
export const ContenidoFormularioSchema = v.pipe(
  ContenidoObjectSchema,
  v.check((content: v.InferOutput<typeof ContenidoObjectSchema>) => idsUnique(content), FORMULARIOS_MESSAGES.duplicateIds),
);
export type ContenidoFormulario = v.InferOutput<typeof ContenidoFormularioSchema>;

const NameSchema = text(FORMULARIOS_MESSAGES.nameRequired, 150);
const DescriptionSchema = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500)), '');

/** POST /api/formularios: a template made with an id from the device (a duplicate is a creation too). */
export const FormularioCreateBodySchema = v.object({
  IdFormulario: RecordIdSchema,
  Nombre: NameSchema,
  Tipo: v.picklist(FORMULARIO_TYPES, FORMULARIOS_MESSAGES.typeInvalid),
  Descripcion: DescriptionSchema,
  Contenido: ContenidoFormularioSchema,
});
export type FormularioCreateBody = v.InferOutput<typeof FormularioCreateBodySchema>;

/** PUT /api/formularios/{IdFormulario}: sent fields only; a new `Contenido` makes the next `VersionFormulario`. */
export const FormularioUpdateBodySchema = v.object({
  IdFormulario: RecordIdSchema,
  Version: BaseVersionSchema,
  Nombre: v.optional(NameSchema),
  Tipo: v.optional(v.picklist(FORMULARIO_TYPES, FORMULARIOS_MESSAGES.typeInvalid)),
  Descripcion: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
  Contenido: v.optional(ContenidoFormularioSchema),
});
export type FormularioUpdateBody = v.InferOutput<typeof FormularioUpdateBodySchema>;

/**
 * A template as lists and devices see it (change-log table `formularios`): the newest version's content.
 * Older versions stay on the server (GET /api/formularios/one/{id}?version=n) for inspections started on them.
 * Estado 1 in use, 0 retired (no new inspections; started ones still finish). `Version` is the record's version for
 * conflicts (CF2); `VersionFormulario` the content's, 1, 2, ...: an inspection names the one it was started with.
 */
export const FormularioSchema = v.object({
  IdFormulario: RecordIdSchema,
  ...RecordMetaEntries,
  Nombre: NameSchema,
  Tipo: v.picklist(FORMULARIO_TYPES, FORMULARIOS_MESSAGES.typeInvalid),
  Descripcion: v.string(),
  VersionFormulario: v.number(),
  Contenido: ContenidoFormularioSchema,
  ActualizadoEn: v.string(),
});
export type Formulario = v.InferOutput<typeof FormularioSchema>;

/** Who may read templates: their managers, and the people who inspect or follow observations. */
export const TEMPLATE_READERS = ['/formularios', '/inspecciones', '/observaciones'] as const;

const noun = { one: 'formulario', many: 'formularios' };

export const formularioEntity = defineEntity({
  table: 'formularios',
  id: 'IdFormulario',
  schema: FormularioSchema,
  fields: ['Nombre', 'Tipo', 'Descripcion', 'Contenido'],
  createBody: FormularioCreateBodySchema,
  updateBody: FormularioUpdateBodySchema,
  noun,
  messages: { ...recordMessages(noun, { inUse: '' }), deleted: FORMULARIOS_MESSAGES.retired },
  displayName: (row) => row.Nombre ?? '',
  permission: '/formularios',
  api: {
    base: '/api/formularios',
    list: '/formularios',
    detail: '/formularios/one/:IdFormulario',
    create: '/formularios',
    update: '/formularios/:IdFormulario',
    remove: '/formularios/:IdFormulario',
  },
  audience: 'todos',
  references: [],
  pullOrder: 5,
  device: { 3: ['orden', 'Tipo'] },
});

/** Every statement of a template in reading order. */
export function statementsOf(content: Pick<ContenidoFormulario, 'Items'>): Enunciado[] {
  return content.Items.flatMap((item) => item.Enunciados);
}

/** The EPP items a template's statements are linked to (each once), to check they exist in the catalogue. */
export function linkedEppIds(content: Pick<ContenidoFormulario, 'Items'>): string[] {
  return [...new Set(statementsOf(content).flatMap((statement) => (statement.IdEpp ? [statement.IdEpp] : [])))];
}
