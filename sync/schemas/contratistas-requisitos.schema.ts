import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, OptionalRecordIdSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { wholeNumberSchema } from '../records/value-fields.ts';

export const REQUISITOS_MESSAGES = {
  nameRequired: 'El nombre del requisito es requerido',
  appliesToInvalid: 'Indica a qué se aplica el requisito: empresa, contrato, trabajador, vehículo o equipo',
  frequencyInvalid: 'La frecuencia indicada no es válida',
  typeInvalid: 'El tipo de requisito indicado no es válido',
  unitInvalid: 'La unidad de evaluación indicada no es válida',
  periodInvalid: 'El período debe ser un número entero de meses, entre 0 y 120',
  moduleInvalid: 'El módulo indicado no es válido',
  classificationInvalid: 'La clasificación indicada no existe',
  mandatoryInvalid: 'Indica si el requisito es obligatorio',
  debtControlInvalid: 'Indica si el requisito controla deuda laboral y previsional',
  debtControlMonthly: 'Un requisito que controla deuda (certificado F30-1) es mensual y se aplica a la empresa',
  duplicate: 'Ya existe un requisito con ese nombre',
  inUse: 'No se puede eliminar: hay contratos que exigen este requisito',
} as const;

/** What a requirement is asked of (spec list "aplicacion"): each company, the contract, or each of its workers, vehicles or machines. */
export const APLICACIONES = ['empresa', 'contrato', 'trabajador', 'vehiculo', 'equipo'] as const;
export type Aplicacion = (typeof APLICACIONES)[number];
export const APLICACION_LABELS: Record<Aplicacion, string> = {
  empresa: 'Empresa',
  contrato: 'Contrato',
  trabajador: 'Trabajador',
  vehiculo: 'Vehículo',
  equipo: 'Equipo',
};
/** How often a new document is asked: once (renewed when it expires) or one per month (the F30-1). */
export const FRECUENCIAS = ['unica', 'mensual'] as const;
export const FRECUENCIA_LABELS: Record<(typeof FRECUENCIAS)[number], string> = { unica: 'Única (se renueva al vencer)', mensual: 'Mensual' };
export const TIPOS_REQUISITO = ['Documento', 'Certificado', 'Declaración jurada', 'Registro'] as const;
export const UNIDADES_EVALUACION = ['Cumple / No cumple'] as const;
export const MODULOS_REQUISITO = ['Contratistas'] as const;
/** The validity periods the form offers, in months (0: it does not expire). */
export const PERIODOS_MESES = [0, 1, 3, 6, 12, 24, 36] as const;

const choice = <T extends readonly string[]>(options: T, message: string) => v.picklist(options, message);

/**
 * A requirement rule (spec "Requirements": /requisitos): a document asked of each contractor company, contract or
 * worker of the contracts that list it, valid `PeriodoMeses` months from its issue date.
 */
export const RequisitoSchema = v.object({
  IdRequisito: RecordIdSchema,
  ...RecordMetaEntries,
  Nombre: nameSchema(REQUISITOS_MESSAGES.nameRequired, 160),
  Descripcion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(500)),
  Aplicacion: choice(APLICACIONES, REQUISITOS_MESSAGES.appliesToInvalid),
  IdClasificacion: OptionalRecordIdSchema,
  Frecuencia: choice(FRECUENCIAS, REQUISITOS_MESSAGES.frequencyInvalid),
  TipoRequisito: choice(TIPOS_REQUISITO, REQUISITOS_MESSAGES.typeInvalid),
  UnidadEvaluacion: v.optional(choice(UNIDADES_EVALUACION, REQUISITOS_MESSAGES.unitInvalid), 'Cumple / No cumple'),
  PeriodoMeses: wholeNumberSchema(0, 120, REQUISITOS_MESSAGES.periodInvalid),
  Modulo: v.optional(choice(MODULOS_REQUISITO, REQUISITOS_MESSAGES.moduleInvalid), 'Contratistas'),
  Obligatorio: v.picklist([0, 1], REQUISITOS_MESSAGES.mandatoryInvalid),
  /** 1: the reviewer says on approval whether it shows labour or social-security debt (Ley 20.123, F30-1). */
  ControlDeuda: v.optional(v.picklist([0, 1], REQUISITOS_MESSAGES.debtControlInvalid), 0),
});
export type Requisito = v.InferOutput<typeof RequisitoSchema>;

/** A debt control is the monthly F30-1 of a company: anything else is refused. */
export function requisitoProblem(row: Pick<Requisito, 'ControlDeuda' | 'Frecuencia' | 'Aplicacion'>): string | null {
  return row.ControlDeuda === 1 && (row.Frecuencia !== 'mensual' || row.Aplicacion !== 'empresa') ? REQUISITOS_MESSAGES.debtControlMonthly : null;
}

const FIELDS = [
  'Nombre',
  'Descripcion',
  'Aplicacion',
  'IdClasificacion',
  'Frecuencia',
  'TipoRequisito',
  'UnidadEvaluacion',
  'PeriodoMeses',
  'Modulo',
  'Obligatorio',
  'ControlDeuda',
] as const;
const { createBody, updateBody } = recordBodies(RequisitoSchema, 'IdRequisito', FIELDS);

const noun = { one: 'requisito', many: 'requisitos' };

export const requisitoEntity = defineEntity({
  table: 'requisitos',
  id: 'IdRequisito',
  schema: RequisitoSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: REQUISITOS_MESSAGES.inUse }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/requisitos-reglas',
  // Spec: GET, GET one, POST, PUT /requisitos/{emp}[/{id}]; DELETE /requisitos/{id}/{emp}.
  api: {
    base: '/api/gestion-contratista',
    list: '/requisitos/:company',
    detail: '/requisitos/:company/:IdRequisito',
    create: '/requisitos/:company',
    update: '/requisitos/:company/:IdRequisito',
    remove: '/requisitos/:IdRequisito/:company',
  },
  audience: 'todos',
  references: [{ field: 'IdClasificacion', table: 'clasificaciones_contrato', message: REQUISITOS_MESSAGES.classificationInvalid }],
  pullOrder: 2,
  device: { 11: ['Nombre'] },
});
