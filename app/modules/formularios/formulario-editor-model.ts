import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import { formatGrade, parseGrade } from '#sync/domain/number-format.ts';
import {
  type CampoEncabezado,
  type ContenidoFormulario,
  type Formulario,
  FormularioCreateBodySchema,
  type FormularioTipo,
  type Rango,
} from '#sync/schemas/formularios.schema.ts';
import * as v from 'valibot';

/**
 * The template editor's values: the body's shape, with the numbers people type kept as text (a weight being
 * typed, a grade with a decimal comma) until they are read on submit.
 */
export interface SubquestionValues {
  IdSubpregunta: string;
  Texto: string;
}

export interface StatementValues {
  IdEnunciado: string;
  Texto: string;
  Ponderacion: string;
  Subpreguntas: SubquestionValues[];
  /** The EPP item whose use the statement checks ('' none): its No cumple is a finding of non-use. */
  IdEpp: string;
}

export interface ItemValues {
  IdItem: string;
  Nombre: string;
  Enunciados: StatementValues[];
}

export interface RangeValues {
  Desde: string;
  Hasta: string;
  Nota: string;
}

export interface TemplateEditorValues {
  Nombre: string;
  Tipo: FormularioTipo;
  Descripcion: string;
  Contenido: {
    ColumnasEncabezado: 1 | 2;
    CamposEncabezado: CampoEncabezado[];
    Items: ItemValues[];
    Rangos: RangeValues[];
  };
}

/** What a template is made of, without its id: the body of a creation, and what an update compares. */
export type TemplateFields = Pick<Formulario, 'Nombre' | 'Tipo' | 'Descripcion' | 'Contenido'>;

export type TemplateSource = Pick<Formulario, 'Nombre' | 'Tipo' | 'Descripcion' | 'Contenido'>;

/** 20 -> "20", 12.5 -> "12,5": a percentage as people type it. */
export function formatPercentInput(value: number): string {
  return String(value).replace('.', ',');
}

/** Text to number as the spec reads grades (comma or point; empty is 0); NaN when it is not a number. */
function readNumber(text: string): number {
  return parseGrade(text) ?? Number.NaN;
}

export function rangeValuesOf(rangos: readonly Rango[]): RangeValues[] {
  return rangos.map((rango) => ({
    Desde: formatPercentInput(rango.Desde),
    Hasta: formatPercentInput(rango.Hasta),
    Nota: formatGrade(rango.Nota),
  }));
}

/** The editor's starting values: a template being edited, or a new one of a type with one empty item. */
export function editorValuesOf(source: TemplateSource | null, tipo: FormularioTipo): TemplateEditorValues {
  if (!source) {
    return {
      Nombre: '',
      Tipo: tipo,
      Descripcion: '',
      Contenido: {
        ColumnasEncabezado: 2,
        CamposEncabezado: [],
        Items: [
          { IdItem: 'i1', Nombre: '', Enunciados: [{ IdEnunciado: 'e1', Texto: '', Ponderacion: '1', Subpreguntas: [], IdEpp: '' }] },
        ],
        Rangos: rangeValuesOf(DEFAULT_RANGOS),
      },
    };
  }
  const content = source.Contenido;
  return {
    Nombre: source.Nombre,
    Tipo: source.Tipo,
    Descripcion: source.Descripcion,
    Contenido: {
      ColumnasEncabezado: content.ColumnasEncabezado,
      CamposEncabezado: content.CamposEncabezado.map((campo) => ({ ...campo })),
      Items: content.Items.map((item) => ({
        IdItem: item.IdItem,
        Nombre: item.Nombre,
        Enunciados: item.Enunciados.map((statement) => ({
          IdEnunciado: statement.IdEnunciado,
          Texto: statement.Texto,
          Ponderacion: String(statement.Ponderacion),
          Subpreguntas: statement.Subpreguntas.map((sub) => ({ ...sub })),
          IdEpp: statement.IdEpp ?? '',
        })),
      })),
      Rangos: rangeValuesOf(content.Rangos),
    },
  };
}

const { Nombre, Tipo, Descripcion, Contenido } = FormularioCreateBodySchema.entries;
const TemplateFieldsSchema = v.object({ Nombre, Tipo, Descripcion, Contenido });

/** The editor's values in the body's shape; numbers that do not read become NaN, which the schema refuses. */
export function fieldsOfEditor(values: TemplateEditorValues): v.InferInput<typeof TemplateFieldsSchema> {
  return {
    Nombre: values.Nombre,
    Tipo: values.Tipo,
    Descripcion: values.Descripcion,
    Contenido: {
      ColumnasEncabezado: Number(values.Contenido.ColumnasEncabezado) as 1 | 2,
      CamposEncabezado: values.Contenido.CamposEncabezado,
      Items: values.Contenido.Items.map((item) => ({
        ...item,
        // An unlinked statement carries no IdEpp at all: saving a template unchanged never makes a new version.
        Enunciados: item.Enunciados.map(({ IdEpp, ...statement }) => ({
          ...statement,
          Ponderacion: statement.Ponderacion.trim() === '' ? Number.NaN : Number(statement.Ponderacion.trim().replace(',', '.')),
          ...(IdEpp ? { IdEpp } : {}),
        })),
      })),
      Rangos: values.Contenido.Rangos.map((rango) => ({
        Desde: readNumber(rango.Desde),
        Hasta: readNumber(rango.Hasta),
        Nota: readNumber(rango.Nota),
      })),
    },
  };
}

/** The shared body schema behind the editor: issues keep the editor's paths, since the shapes are the same. */
export const templateEditorSchema = v.pipe(
  v.custom<TemplateEditorValues>((input) => typeof input === 'object' && input !== null),
  v.transform(fieldsOfEditor),
  TemplateFieldsSchema,
);

/** The grade ranges as typed, when every cell reads as a number (for the live coverage message). */
export function typedRanges(rows: readonly RangeValues[]): Rango[] | null {
  const rangos = rows.map((row) => ({ Desde: readNumber(row.Desde), Hasta: readNumber(row.Hasta), Nota: readNumber(row.Nota) }));
  return rangos.every((rango) => Number.isFinite(rango.Desde) && Number.isFinite(rango.Hasta)) ? rangos : null;
}

/**
 * A short id not used yet in this template (`i3`, `e12`, `s2`, `c1`). Ids are kept when a template is edited, so
 * answers to the same statement compare across versions; new parts take the next free number.
 */
export function nextLocalId(prefix: 'i' | 'e' | 's' | 'c', values: Pick<TemplateEditorValues, 'Contenido'>): string {
  const ids: string[] = [];
  for (const campo of values.Contenido.CamposEncabezado) ids.push(campo.IdCampo);
  for (const item of values.Contenido.Items) {
    ids.push(item.IdItem);
    for (const statement of item.Enunciados) {
      ids.push(statement.IdEnunciado);
      for (const sub of statement.Subpreguntas) ids.push(sub.IdSubpregunta);
    }
  }
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  const used = ids.flatMap((id) => {
    const match = pattern.exec(id);
    return match ? [Number(match[1])] : [];
  });
  return `${prefix}${Math.max(0, ...used) + 1}`;
}

/** The same JSON value regardless of key order (a template's content as pulled and as the schema outputs it). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => sameValue(left[key], right[key]));
}

/** Only what the person changed (SPEC CF2); a different content makes the next template version. */
export function changedTemplateFields(current: TemplateFields, next: TemplateFields): Partial<TemplateFields> {
  const changed: Partial<TemplateFields> = {};
  if (current.Nombre !== next.Nombre) changed.Nombre = next.Nombre;
  if (current.Tipo !== next.Tipo) changed.Tipo = next.Tipo;
  if (current.Descripcion !== next.Descripcion) changed.Descripcion = next.Descripcion;
  if (!sameValue(current.Contenido, next.Contenido)) changed.Contenido = next.Contenido;
  return changed;
}

/** Statements and the sum of their weights, for the list and the editor's summary. */
export function statementSummary(content: Pick<ContenidoFormulario, 'Items'>): { statements: number; weight: number } {
  let statements = 0;
  let weight = 0;
  for (const item of content.Items) {
    for (const statement of item.Enunciados) {
      statements += 1;
      weight += statement.Ponderacion;
    }
  }
  return { statements, weight };
}

/** "Copia de …" within the name's limit. */
export function copyName(name: string): string {
  return `Copia de ${name}`.slice(0, 150);
}
