import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { evidenceFileName, evidencePath, guideFileName } from '../domain/file-names.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { companyRecordApi } from '../records/entity-api.ts';
import {
  BaseVersionSchema,
  FileRefSchema,
  nameSchema,
  OptionalRecordIdSchema,
  RecordIdSchema,
  RecordMetaEntries,
} from '../records/record-fields.ts';

/** Spec error catalogue, "Training programme", plus the programme form's own messages. */
export const PROGRAMA_MESSAGES = {
  created: 'Programa de capacitación creado correctamente',
  updated: 'Programa de capacitación editado correctamente',
  createFailed: 'Error al crear el programa de capacitación',
  updateFailed: 'Error al editado el programa de capacitación',
  yearInvalid: 'El año debe estar entre 2000 y 2100',
  monthInvalid: 'El mes debe estar entre 1 y 12',
  topicRequired: 'El tema de la capacitación es requerido',
  typeInvalid: 'El tipo de capacitación indicado no existe',
  cargoInvalid: 'Uno de los cargos indicados no existe',
  levelInvalid: 'El nivel indicado no existe',
  evidenceNameRequired: 'El nombre de la evidencia es requerido',
  evidenceTypeInvalid: 'El tipo de evidencia debe ser Guía, Fotografía o Documento',
  evidenceNotFound: 'Evidencia no encontrada',
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD',
} as const;

export const WireDate = (message: string) => v.pipe(v.string(message), v.trim(), v.check(isWireDate, message));

export const TIPOS_EVIDENCIA = ['Guía', 'Fotografía', 'Documento'] as const;
export type TipoEvidencia = (typeof TIPOS_EVIDENCIA)[number];

const StateSchema = v.picklist([0, 1]);

/**
 * A file of a programme or a session (spec "Evidencias": Evidencia path, TipoEvidencia, File, name). `Evidencia` is
 * the spec's path `<company>/<training>/evidencias/<file name>` with the name rules of section 5; the bytes are the
 * content-addressed `Archivo`. Append-only (SPEC CF5): removing one sets its Estado to 0.
 */
export const EvidenciaCapacitacionSchema = v.object({
  Id: RecordIdSchema,
  Evidencia: v.string(),
  Nombre: v.string(),
  TipoEvidencia: v.picklist(TIPOS_EVIDENCIA),
  Archivo: FileRefSchema,
  Fecha: v.string(),
  Estado: StateSchema,
});
export type EvidenciaCapacitacion = v.InferOutput<typeof EvidenciaCapacitacionSchema>;

/** What a device sends of an evidence: the path is derived from its name (the same function on both sides). */
export const EvidenciaBodySchema = v.object({
  Id: RecordIdSchema,
  Nombre: v.optional(nameSchema(PROGRAMA_MESSAGES.evidenceNameRequired, 200)),
  TipoEvidencia: v.optional(v.picklist(TIPOS_EVIDENCIA, PROGRAMA_MESSAGES.evidenceTypeInvalid)),
  Archivo: v.optional(FileRefSchema),
  Fecha: v.optional(WireDate(PROGRAMA_MESSAGES.dateInvalid)),
  Estado: v.optional(StateSchema),
});
export type EvidenciaBody = v.InferOutput<typeof EvidenciaBodySchema>;

/** The stored name of an evidence: a guide only trades spaces for hyphens; other evidence loses accents too. */
export function evidenceFileNameOf(tipo: TipoEvidencia, name: string): string {
  return tipo === 'Guía' ? guideFileName(name) : evidenceFileName(name);
}

/** The full stored evidence from its body, for `company` and the training (programme or session) it belongs to. */
export function toEvidencia(
  company: string,
  trainingId: string,
  body: Required<Omit<EvidenciaBody, 'Estado'>> & { Estado?: 0 | 1 },
): EvidenciaCapacitacion {
  return {
    Id: body.Id,
    Evidencia: evidencePath(company, trainingId, evidenceFileNameOf(body.TipoEvidencia, body.Nombre)),
    Nombre: body.Nombre,
    TipoEvidencia: body.TipoEvidencia,
    Archivo: body.Archivo,
    Fecha: body.Fecha,
    Estado: body.Estado ?? 1,
  };
}

const YearSchema = v.pipe(
  v.number(PROGRAMA_MESSAGES.yearInvalid),
  v.integer(PROGRAMA_MESSAGES.yearInvalid),
  v.minValue(2000, PROGRAMA_MESSAGES.yearInvalid),
  v.maxValue(2100, PROGRAMA_MESSAGES.yearInvalid),
);
const MonthSchema = v.pipe(
  v.number(PROGRAMA_MESSAGES.monthInvalid),
  v.integer(PROGRAMA_MESSAGES.monthInvalid),
  v.minValue(1, PROGRAMA_MESSAGES.monthInvalid),
  v.maxValue(12, PROGRAMA_MESSAGES.monthInvalid),
);
const CargosSchema = v.pipe(
  v.array(RecordIdSchema, PROGRAMA_MESSAGES.cargoInvalid),
  v.maxLength(100),
  v.transform((ids) => [...new Set(ids)]),
);

/**
 * A line of the year's training plan (spec "Training programme", id IdCapacitacion): what (type and topic), for
 * whom (positions and levels) and when (year and month). Sessions planned under it name it in `IdPrograma`.
 */
export const ProgramaCapacitacionSchema = v.object({
  IdCapacitacion: RecordIdSchema,
  ...RecordMetaEntries,
  Anio: YearSchema,
  Mes: MonthSchema,
  IdTipoCapacitacion: RecordIdSchema,
  Tema: nameSchema(PROGRAMA_MESSAGES.topicRequired, 200),
  Cargos: v.array(v.string()),
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  Evidencias: v.array(EvidenciaCapacitacionSchema),
});
export type ProgramaCapacitacion = v.InferOutput<typeof ProgramaCapacitacionSchema>;

export const PROGRAMA_FIELDS = ['Anio', 'Mes', 'IdTipoCapacitacion', 'Tema', 'Cargos', 'IdNivel2', 'IdNivel3'] as const;

export const ProgramaCreateBodySchema = v.object({
  IdCapacitacion: RecordIdSchema,
  Anio: YearSchema,
  Mes: MonthSchema,
  IdTipoCapacitacion: RecordIdSchema,
  Tema: nameSchema(PROGRAMA_MESSAGES.topicRequired, 200),
  Cargos: v.optional(CargosSchema, []),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  Evidencias: v.optional(v.pipe(v.array(EvidenciaBodySchema), v.maxLength(50)), []),
});
export type ProgramaCreateBody = v.InferOutput<typeof ProgramaCreateBodySchema>;

/** Only the changed fields, the Version they were based on (CF2), and new or removed evidence (CF5). */
export const ProgramaUpdateBodySchema = v.object({
  IdCapacitacion: v.optional(RecordIdSchema),
  Version: BaseVersionSchema,
  Anio: v.optional(YearSchema),
  Mes: v.optional(MonthSchema),
  IdTipoCapacitacion: v.optional(RecordIdSchema),
  Tema: v.optional(nameSchema(PROGRAMA_MESSAGES.topicRequired, 200)),
  Cargos: v.optional(CargosSchema),
  IdNivel2: v.optional(v.nullable(RecordIdSchema)),
  IdNivel3: v.optional(v.nullable(RecordIdSchema)),
  Evidencias: v.optional(v.pipe(v.array(EvidenciaBodySchema), v.maxLength(50))),
});
export type ProgramaUpdateBody = v.InferOutput<typeof ProgramaUpdateBodySchema>;

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const noun = { one: 'programa de capacitación', many: 'programas de capacitación' };

export const programaCapacitacionEntity = defineEntity({
  table: 'programas_capacitacion',
  id: 'IdCapacitacion',
  schema: ProgramaCapacitacionSchema,
  fields: PROGRAMA_FIELDS,
  createBody: ProgramaCreateBodySchema,
  updateBody: ProgramaUpdateBodySchema,
  noun,
  messages: {
    ...recordMessages(noun, { inUse: 'No se puede eliminar el programa: tiene capacitaciones asociadas' }),
    createFailed: PROGRAMA_MESSAGES.createFailed,
    updateFailed: PROGRAMA_MESSAGES.updateFailed,
  },
  displayName: (row) => {
    const when = row.Mes && row.Anio ? `${MONTH_NAMES[row.Mes - 1]} ${row.Anio}` : '';
    return [row.Tema, when].filter(Boolean).join(' · ');
  },
  permission: '/capacitaciones/programa',
  api: companyRecordApi('/api/capacitaciones', '/programa', 'IdCapacitacion'),
  audience: 'todos',
  references: [
    { field: 'IdTipoCapacitacion', table: 'tipos_capacitacion', message: PROGRAMA_MESSAGES.typeInvalid },
    // A plan keeps its history: positions and levels may be retired later.
    { field: 'Cargos', table: 'cargos', many: true, message: PROGRAMA_MESSAGES.cargoInvalid, onDelete: 'keep' },
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: PROGRAMA_MESSAGES.levelInvalid, onDelete: 'keep' },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: PROGRAMA_MESSAGES.levelInvalid, onDelete: 'keep' },
  ],
  files: (row) => (row.Evidencias ?? []).flatMap((evidence) => (evidence.Archivo ? [evidence.Archivo] : [])),
  pullOrder: 9,
  device: { 6: ['orden', 'IdTipoCapacitacion'] },
});
