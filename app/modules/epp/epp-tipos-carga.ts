import { EPP_TIPOS_MESSAGES, EppTipoCreateBodySchema } from '#sync/schemas/epp-tipos.schema.ts';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import type { CsvLoadSpec, CsvRowCheck } from '#app/ui/records/csv-load.ts';
import { parseLocaleNumber } from '#app/ui/records/csv-parse.ts';
import { byNombre } from '#app/ui/records/load-levels.ts';

export const EPP_TIPO_LOAD_MESSAGES = {
  activityUnknown: (name: string) => `${EPP_TIPOS_MESSAGES.activityInvalid} («${name}»)`,
} as const;

export interface EppTipoLoadContext {
  /** The economic activities on the device, by name or code. */
  activities: readonly { IdActividadEconomica: string; Nombre: string; Codigo?: string | null }[];
  /** Folded names of the EPP already in the catalogue. */
  existing: ReadonlySet<string>;
}

export type EppTipoLoadFields = {
  NombreEpp: string;
  actividades: string[];
  Riesgo: string;
  Norma: string;
  Tallas: string[];
  VidaUtilMeses: number;
};

const FieldsSchema = v.omit(EppTipoCreateBodySchema, ['IdEpp']);
const FIELD_COLUMNS: Record<string, string> = {
  NombreEpp: 'EPP',
  actividades: 'Actividades',
  Riesgo: 'Riesgo',
  Norma: 'Norma',
  Tallas: 'Tallas',
  VidaUtilMeses: 'Vida útil (meses)',
};

/** A list in one cell: "S, M, L", "38 | 39 | 40", "S/M/L" as spreadsheets hold them. */
const listOf = (cell: string) =>
  cell
    .split(/[|,;/]/)
    .map((part) => part.trim())
    .filter(Boolean);

export function checkEppTipoRow(
  [nombre = '', actividades = '', riesgo = '', norma = '', tallas = '', vida = '']: readonly string[],
  context: EppTipoLoadContext,
): CsvRowCheck<EppTipoLoadFields> {
  const activityIds: string[] = [];
  for (const name of actividades.split('|').map((part) => part.trim()).filter(Boolean)) {
    const found = byNombre(context.activities, name)[0] ?? context.activities.find((activity) => (activity.Codigo ?? '') === name);
    if (!found) return { message: EPP_TIPO_LOAD_MESSAGES.activityUnknown(name), column: 'Actividades' };
    activityIds.push(found.IdActividadEconomica);
  }
  const parsed = v.safeParse(FieldsSchema, {
    NombreEpp: nombre,
    actividades: activityIds,
    Riesgo: riesgo,
    Norma: norma,
    Tallas: listOf(tallas),
    VidaUtilMeses: vida.trim() === '' ? 0 : parseLocaleNumber(vida),
  });
  if (!parsed.success) return { message: parsed.issues[0].message, column: FIELD_COLUMNS[String(parsed.issues[0].path?.[0]?.key)] };
  return { fields: parsed.output };
}

/** The EPP catalogue from a file. */
export const EPP_TIPO_LOAD: CsvLoadSpec<EppTipoLoadFields, EppTipoLoadContext> = {
  columns: [
    { name: 'EPP', aliases: ['Nombre', 'Nombre EPP', 'NombreEpp', 'Elemento', 'Descripción'], required: true },
    { name: 'Actividades', aliases: ['Actividad', 'Actividad económica', 'Actividades económicas'] },
    { name: 'Riesgo', aliases: ['Riesgo que protege', 'Protege de'] },
    { name: 'Norma', aliases: ['Certificación', 'Norma o certificación'] },
    { name: 'Tallas', aliases: ['Talla'] },
    { name: 'Vida útil (meses)', aliases: ['Vida útil', 'Vida util', 'Meses', 'VidaUtilMeses'] },
  ],
  maxRows: 2_000,
  checkRow: checkEppTipoRow,
  key: (fields) => fold(fields.NombreEpp),
  existing: (context) => context.existing,
  messages: { duplicate: EPP_TIPOS_MESSAGES.duplicate, duplicateColumn: 'EPP' },
};
