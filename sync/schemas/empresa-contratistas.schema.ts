import * as v from 'valibot';
import { defineOfficeRecord, verbFromPath } from '../records/office-record.ts';
import { RecordIdSchema } from '../records/record-fields.ts';
import { TemporaryPasswordSchema } from './accounts.schema.ts';
import { RutSchema } from './common.schema.ts';
import { partyAccountCheck, partyFields, PARTY_VERBS, PartyRecordEntries } from './party.schema.ts';

/** Spec section 8: the contractor company notices, word for word; the rest in the same tone. */
export const CONTRATISTAS_MESSAGES = {
  created: 'Empresa creada con éxito',
  updated: 'Empresa actualizada con éxito.',
  deleted: 'Empresa eliminada con éxito',
  deletedMany: 'Empresas eliminadas con éxito',
  deletedManyFailed: 'Error al eliminar algunas empresas',
  deactivated: 'Empresa desactivada con éxito',
  activated: 'Empresa activada con éxito',
  passwordReset: 'clave de Empresa Reestablecida con éxito',
  notFound: 'Empresa contratista no encontrada',
  nameRequired: 'La razón social es requerida',
  rutInUse: 'Ya existe una empresa contratista con ese RUT',
  rutFixed: 'El RUT de una empresa contratista no se cambia: sus registros lo llevan',
  roleRequired: 'Elige el rol de la cuenta de acceso',
  roleNotFound: 'El rol indicado no existe',
  withoutAccount: 'La empresa contratista no tiene cuenta de acceso',
  temporaryPasswordRequired: 'La contraseña temporal es requerida',
  hasWorkers: 'La empresa contratista tiene trabajadores activos: desactívala en lugar de eliminarla',
} as const;

const party = partyFields(CONTRATISTAS_MESSAGES);

const EditableFields = { Nombre: party.Nombre, ...party.contact };

/**
 * A new contractor company, with the id its device made. Tipo 2 (spec: has an account) also makes its main account
 * from its e-mail, with the role and temporary password given.
 */
export const EmpresaContratistaCreateBodySchema = v.pipe(
  v.object({ IdEmpresaContratista: RecordIdSchema, RutCompleto: RutSchema, ...EditableFields, ...party.account }),
  partyAccountCheck(CONTRATISTAS_MESSAGES),
);
export type EmpresaContratistaCreateBody = v.InferOutput<typeof EmpresaContratistaCreateBodySchema>;

/** Only what changed. The RUT may be sent unchanged; a different one is refused (records carry it). */
export const EmpresaContratistaUpdateBodySchema = v.object({
  RutCompleto: v.optional(RutSchema),
  ...v.partial(v.object(EditableFields)).entries,
});
export type EmpresaContratistaUpdateBody = v.InferOutput<typeof EmpresaContratistaUpdateBodySchema>;

/** A contractor company's id in a path: any that is not one of the company's is simply not found. */
export const EmpresaContratistaIdParamSchema = v.pipe(
  v.string(CONTRATISTAS_MESSAGES.notFound),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(64, CONTRATISTAS_MESSAGES.notFound),
);

export const EmpresaContratistaIdBodySchema = v.object({ IdEmpresaContratista: RecordIdSchema });
export const EmpresaContratistaPasswordBodySchema = v.object({
  IdEmpresaContratista: RecordIdSchema,
  ContrasenaTemporal: TemporaryPasswordSchema,
});

export const EmpresaContratistaSchema = v.object({
  ...PartyRecordEntries,
  IdEmpresaContratista: v.string(),
  /** The RUT without its check digit (spec: Rut), and with it (RutCompleto, what records carry as RutContratista). */
  Rut: v.string(),
  RutCompleto: v.string(),
});
export type EmpresaContratista = v.InferOutput<typeof EmpresaContratistaSchema>;

export const empresaContratistaOfficeRecord = defineOfficeRecord({
  kind: 'empresas_contratistas',
  noun: { one: 'empresa contratista', many: 'empresas contratistas', feminine: true },
  displayName: (body) => (typeof body.Nombre === 'string' ? body.Nombre : ''),
  verb: (write) => verbFromPath(write.path, PARTY_VERBS),
  failures: { deleteManyFailed: CONTRATISTAS_MESSAGES.deletedManyFailed },
});
