import * as v from 'valibot';
import { TRABAJADORES_MESSAGES } from './trabajadores-messages.ts';
import { isWireDate } from '../domain/dates.ts';
import { formatRut } from '../domain/rut.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import {
  BaseVersionSchema,
  type FileRef,
  FileRefSchema,
  OptionalRecordIdSchema,
  OptionalRutSchema,
  RecordIdSchema,
  RecordMetaEntries,
} from '../records/record-fields.ts';
import { MESSAGES, RutSchema } from './common.schema.ts';

export { TRABAJADORES_MESSAGES };

/** Spec constants: the medical file date travels as YYYY-MM-DD HH:mm:ss, and "no date" as zeros. */
export const EMPTY_MEDICAL_DATE = '0000-00-00 00:00:00';
/** Spec constants: contractor type is 2. */
export const COMPANY_TYPES = { empresa: 1, contratista: 2 } as const;

const WireDateSchema = v.pipe(v.string(MESSAGES.dateFormat), v.trim(), v.check(isWireDate, MESSAGES.dateFormat));

function isMedicalDate(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.exec(value);
  return match !== null && isWireDate(match[1]!);
}

export const MedicalDateSchema = v.pipe(
  v.optional(v.string(TRABAJADORES_MESSAGES.medicalDateFormat), ''),
  v.trim(),
  v.transform((value) => (value === '' ? EMPTY_MEDICAL_DATE : value)),
  v.check((value) => value === EMPTY_MEDICAL_DATE || isMedicalDate(value), TRABAJADORES_MESSAGES.medicalDateFormat),
);

/** The worker's own e-mail, where their signed EPP actas are sent (never a work address the company reads). */
const PersonalEmailSchema = v.pipe(
  v.optional(v.string(TRABAJADORES_MESSAGES.emailInvalid), ''),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, TRABAJADORES_MESSAGES.emailInvalid),
  v.check((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), TRABAJADORES_MESSAGES.emailInvalid),
);
/** When the worker agreed to receive their actas at that address (an instant with its zone); null: not agreed. */
const ConsentSchema = v.nullish(
  v.pipe(
    v.string(TRABAJADORES_MESSAGES.consentInvalid),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, TRABAJADORES_MESSAGES.consentInvalid),
  ),
  null,
);

/** An address without the worker's consent recorded is never written to (Ley 19.628: personal data). */
export function personalEmailError(worker: { CorreoPersonal?: string | null; ConsentimientoCorreo?: string | null }): string | null {
  return worker.CorreoPersonal && !worker.ConsentimientoCorreo ? TRABAJADORES_MESSAGES.emailConsentRequired : null;
}

const StatusSchema = v.optional(v.picklist([0, 1], 'El estado debe ser 1 (vigente) o 0 (anulado)'), 1);

export const CertificacionSchema = v.object({
  IdCertificacion: RecordIdSchema,
  /**
   * The catalogue certification it is (spec "certificaciones"); null on records written before the catalogue, whose
   * `Nombre` is free text.
   */
  IdCertificacionCatalogo: OptionalRecordIdSchema,
  /** The position the certification is for, when it belongs to one of the worker's cargos. */
  IdCargo: OptionalRecordIdSchema,
  Nombre: v.pipe(
    v.string(TRABAJADORES_MESSAGES.certificationNameRequired),
    v.trim(),
    v.nonEmpty(TRABAJADORES_MESSAGES.certificationNameRequired),
    v.maxLength(160),
  ),
  FechaVencimiento: WireDateSchema,
  Estado: StatusSchema,
  Archivos: v.optional(v.array(FileRefSchema), []),
});
export type Certificacion = v.InferOutput<typeof CertificacionSchema>;

export const LicenciaSchema = v.object({
  IdLicencia: RecordIdSchema,
  Clase: v.pipe(
    v.string(TRABAJADORES_MESSAGES.licenceClassRequired),
    v.trim(),
    v.nonEmpty(TRABAJADORES_MESSAGES.licenceClassRequired),
    v.maxLength(40),
  ),
  FechaVencimiento: WireDateSchema,
  Estado: StatusSchema,
  Archivos: v.optional(v.array(FileRefSchema), []),
});
export type Licencia = v.InferOutput<typeof LicenciaSchema>;

export const EvidenciaSchema = v.object({
  IdEvidencia: RecordIdSchema,
  Nombre: v.pipe(
    v.string(TRABAJADORES_MESSAGES.evidenceNameRequired),
    v.trim(),
    v.nonEmpty(TRABAJADORES_MESSAGES.evidenceNameRequired),
    v.maxLength(160),
  ),
  Archivo: FileRefSchema,
  Fecha: WireDateSchema,
});
export type Evidencia = v.InferOutput<typeof EvidenciaSchema>;

const NamesSchema = v.pipe(
  v.string(TRABAJADORES_MESSAGES.namesRequired),
  v.trim(),
  v.nonEmpty(TRABAJADORES_MESSAGES.namesRequired),
  v.maxLength(80),
);
const SurnameSchema = v.pipe(
  v.string(TRABAJADORES_MESSAGES.surnameRequired),
  v.trim(),
  v.nonEmpty(TRABAJADORES_MESSAGES.surnameRequired),
  v.maxLength(80),
);
const SecondSurnameSchema = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(80));
const CargoIdsSchema = v.pipe(
  v.array(RecordIdSchema, TRABAJADORES_MESSAGES.cargoInvalid),
  v.maxLength(50),
  v.transform((ids) => [...new Set(ids)]),
);
const CompanyTypeSchema = v.picklist([COMPANY_TYPES.empresa, COMPANY_TYPES.contratista], TRABAJADORES_MESSAGES.companyTypeInvalid);

/** Children are append-only by their own ids (SPEC CF5): sending one again replaces that child, never the list. */
const childLists = {
  licencias: v.optional(v.array(LicenciaSchema), []),
  certificaciones: v.optional(v.array(CertificacionSchema), []),
  evidencias: v.optional(v.array(EvidenciaSchema), []),
};

/** A contractor's worker carries the contractor's RUT; the company's own worker carries none. */
export function contractorFieldsError(tipo: number, rutContratista: string | null): string | null {
  if (tipo === COMPANY_TYPES.contratista && !rutContratista) return TRABAJADORES_MESSAGES.contractorRutRequired;
  if (tipo === COMPANY_TYPES.empresa && rutContratista) return TRABAJADORES_MESSAGES.contractorRutForbidden;
  return null;
}

export const TrabajadorCreateBodySchema = v.object({
  IdPersona: RecordIdSchema,
  RunPersona: RutSchema,
  Nombres: NamesSchema,
  ApellidoPaterno: SurnameSchema,
  ApellidoMaterno: SecondSurnameSchema,
  cargos: v.optional(CargoIdsSchema, []),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  IdNivel4: OptionalRecordIdSchema,
  /** Omitted: 1, or 2 when a contractor user creates it. */
  TipoEmpresa: v.optional(CompanyTypeSchema),
  RutContratista: OptionalRutSchema,
  FichaMedica: v.nullish(FileRefSchema, null),
  FechaFichaMedica: MedicalDateSchema,
  Firma: v.nullish(FileRefSchema, null),
  CorreoPersonal: PersonalEmailSchema,
  ConsentimientoCorreo: ConsentSchema,
  ...childLists,
});
export type TrabajadorCreateBody = v.InferOutput<typeof TrabajadorCreateBodySchema>;

/** Only the fields the person changed, the `Version` they were based on (SPEC CF2), and new children. */
export const TrabajadorUpdateBodySchema = v.object({
  IdPersona: RecordIdSchema,
  Version: BaseVersionSchema,
  RunPersona: v.optional(RutSchema),
  Nombres: v.optional(NamesSchema),
  ApellidoPaterno: v.optional(SurnameSchema),
  ApellidoMaterno: v.optional(SecondSurnameSchema),
  cargos: v.optional(CargoIdsSchema),
  IdNivel2: v.optional(v.nullable(RecordIdSchema)),
  IdNivel3: v.optional(v.nullable(RecordIdSchema)),
  IdNivel4: v.optional(v.nullable(RecordIdSchema)),
  TipoEmpresa: v.optional(CompanyTypeSchema),
  RutContratista: v.optional(OptionalRutSchema),
  FichaMedica: v.optional(v.nullable(FileRefSchema)),
  FechaFichaMedica: v.optional(MedicalDateSchema),
  Firma: v.optional(v.nullable(FileRefSchema)),
  CorreoPersonal: v.optional(PersonalEmailSchema),
  ConsentimientoCorreo: v.optional(ConsentSchema),
  licencias: v.optional(v.array(LicenciaSchema)),
  certificaciones: v.optional(v.array(CertificacionSchema)),
  evidencias: v.optional(v.array(EvidenciaSchema)),
});
export type TrabajadorUpdateBody = v.InferOutput<typeof TrabajadorUpdateBodySchema>;

/** The worker's scalar fields an update may change; each has its own last-changed Version (SPEC CF3). */
export const WORKER_FIELDS = [
  'RunPersona',
  'Nombres',
  'ApellidoPaterno',
  'ApellidoMaterno',
  'cargos',
  'IdNivel2',
  'IdNivel3',
  'IdNivel4',
  'TipoEmpresa',
  'RutContratista',
  'FichaMedica',
  'FechaFichaMedica',
  'Firma',
  'CorreoPersonal',
  'ConsentimientoCorreo',
] as const;
export type WorkerField = (typeof WORKER_FIELDS)[number];

/** The largest page of the worker list. */
export const MAX_WORKERS_PAGE = 500;

/** A worker as the device stores it (the change-log row of table `trabajadores`) and as every answer sends it. */
export const TrabajadorSchema = v.object({
  IdPersona: RecordIdSchema,
  ...RecordMetaEntries,
  RunPersona: RutSchema,
  Nombres: NamesSchema,
  ApellidoPaterno: SurnameSchema,
  ApellidoMaterno: v.string(),
  cargos: v.array(v.string()),
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  IdNivel4: v.nullable(v.string()),
  TipoEmpresa: CompanyTypeSchema,
  RutContratista: v.nullable(v.string()),
  FichaMedica: v.nullable(FileRefSchema),
  FechaFichaMedica: v.string(),
  /** Kept by the server when a new file replaces the previous one (spec: FichaMedicaAnterior, FirmaAnterior). */
  FichaMedicaAnterior: v.nullable(FileRefSchema),
  Firma: v.nullable(FileRefSchema),
  FirmaAnterior: v.nullable(FileRefSchema),
  /** Rows kept from before the field existed read as no address and no consent. */
  CorreoPersonal: v.optional(v.string(), ''),
  ConsentimientoCorreo: v.optional(v.nullable(v.string()), null),
  licencias: v.array(LicenciaSchema),
  certificaciones: v.array(CertificacionSchema),
  evidencias: v.array(EvidenciaSchema),
});
export type Trabajador = v.InferOutput<typeof TrabajadorSchema>;

/** Every file a worker body points at: all must be uploaded before the record (SPEC FL3). */
export function workerFileRefs(
  body: Partial<Pick<Trabajador, 'FichaMedica' | 'Firma' | 'licencias' | 'certificaciones' | 'evidencias'>>,
): FileRef[] {
  return [
    ...(body.FichaMedica ? [body.FichaMedica] : []),
    ...(body.Firma ? [body.Firma] : []),
    ...(body.licencias ?? []).flatMap((licence) => licence.Archivos),
    ...(body.certificaciones ?? []).flatMap((certification) => certification.Archivos),
    ...(body.evidencias ?? []).map((evidence) => evidence.Archivo),
  ];
}

const noun = { one: 'trabajador', many: 'trabajadores' };

export const trabajadorEntity = defineEntity({
  table: 'trabajadores',
  id: 'IdPersona',
  schema: TrabajadorSchema,
  fields: WORKER_FIELDS,
  createBody: TrabajadorCreateBodySchema,
  updateBody: TrabajadorUpdateBodySchema,
  noun,
  messages: recordMessages(noun, { updated: 'actualizado', inUse: '' }),
  displayName: (row) => {
    const name = [row.Nombres, row.ApellidoPaterno].filter(Boolean).join(' ');
    return row.RunPersona ? `${name} (${formatRut(row.RunPersona)})` : name;
  },
  permission: '/trabajadores',
  api: {
    base: '/api/trabajadores',
    list: '/newtrabajadores2/:company',
    listPage: MAX_WORKERS_PAGE,
    detail: '/newtrabajadores2/detalle/:company/:IdPersona',
    create: '/newtrabajadores2',
    update: '/newtrabajadores2',
    remove: '/newtrabajadores2/:IdPersona/:user',
  },
  // A contractor's device pulls only its own workers (SPEC PL7).
  audience: { contratista: 'RutContratista' },
  // A field device holds the workers of its worksites (SPEC PL13).
  worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
  references: [
    { field: 'cargos', table: 'cargos', many: true, message: TRABAJADORES_MESSAGES.cargoInvalid },
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: TRABAJADORES_MESSAGES.levelInvalid },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: TRABAJADORES_MESSAGES.levelInvalid },
    { field: 'IdNivel4', table: 'niveles', where: { TipoNivel: 4 }, message: TRABAJADORES_MESSAGES.levelInvalid },
  ],
  files: workerFileRefs,
  pullOrder: 4,
  device: { 2: ['*palabras', 'orden', '[IdNivel2+orden]', '[IdNivel3+orden]', '*cargos', 'RutContratista'] },
});
