import * as v from 'valibot';
import { defineOfficeRecord, verbFromPath } from '../records/office-record.ts';
import { RecordIdSchema } from '../records/record-fields.ts';
import { PARTY_ACCOUNT, PartyAccountSchema, TemporaryPasswordSchema, UserNameSchema } from './accounts.schema.ts';
import { EmailSchema, InlineImageSchema, PhoneSchema, RutSchema } from './common.schema.ts';

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

const NombreSchema = v.pipe(v.string(CONTRATISTAS_MESSAGES.nameRequired), v.trim(), v.nonEmpty(CONTRATISTAS_MESSAGES.nameRequired), v.maxLength(160, CONTRATISTAS_MESSAGES.nameRequired));
const IdRolSchema = v.pipe(v.number(CONTRATISTAS_MESSAGES.roleRequired), v.integer(CONTRATISTAS_MESSAGES.roleRequired), v.minValue(1, CONTRATISTAS_MESSAGES.roleRequired));

const EditableFields = {
  Nombre: NombreSchema,
  Correo: EmailSchema,
  Telefono: v.optional(PhoneSchema, ''),
  Direccion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200)),
  /** Its logo; without one the company shows the default logo (spec section 5). */
  Logo: v.optional(InlineImageSchema),
};

/**
 * A new contractor company, with the id its device made. Tipo 2 (spec: has an account) also makes its main account
 * from its e-mail, with the role and temporary password given.
 */
export const EmpresaContratistaCreateBodySchema = v.pipe(
  v.object({
    IdEmpresaContratista: RecordIdSchema,
    RutCompleto: RutSchema,
    ...EditableFields,
    Tipo: v.optional(PartyAccountSchema, PARTY_ACCOUNT.conCuenta),
    IdRol: v.nullish(IdRolSchema, null),
    NombreUsuario: v.nullish(UserNameSchema, null),
    ContrasenaTemporal: v.nullish(TemporaryPasswordSchema, null),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.Tipo !== PARTY_ACCOUNT.conCuenta) return;
    const input = dataset.value;
    if (!input.IdRol) addIssue({ message: CONTRATISTAS_MESSAGES.roleRequired, path: [{ type: 'object', origin: 'value', input, key: 'IdRol', value: input.IdRol }] });
    else if (!input.ContrasenaTemporal) addIssue({ message: CONTRATISTAS_MESSAGES.temporaryPasswordRequired, path: [{ type: 'object', origin: 'value', input, key: 'ContrasenaTemporal', value: input.ContrasenaTemporal }] });
  }),
);
export type EmpresaContratistaCreateBody = v.InferOutput<typeof EmpresaContratistaCreateBodySchema>;

/** Only what changed. The RUT may be sent unchanged; a different one is refused (records carry it). */
export const EmpresaContratistaUpdateBodySchema = v.object({ RutCompleto: v.optional(RutSchema), ...v.partial(v.object(EditableFields)).entries });
export type EmpresaContratistaUpdateBody = v.InferOutput<typeof EmpresaContratistaUpdateBodySchema>;

/** A contractor company's id in a path: any that is not one of the company's is simply not found. */
export const EmpresaContratistaIdParamSchema = v.pipe(v.string(CONTRATISTAS_MESSAGES.notFound), v.trim(), v.toLowerCase(), v.maxLength(64, CONTRATISTAS_MESSAGES.notFound));

export const EmpresaContratistaIdBodySchema = v.object({ IdEmpresaContratista: RecordIdSchema });
export const EmpresaContratistaPasswordBodySchema = v.object({ IdEmpresaContratista: RecordIdSchema, ContrasenaTemporal: TemporaryPasswordSchema });

export interface EmpresaContratista {
  IdEmpresaContratista: string;
  /** The RUT without its check digit (spec: Rut), and with it (RutCompleto, what records carry as RutContratista). */
  Rut: string;
  RutCompleto: string;
  Nombre: string;
  Correo: string;
  Telefono: string;
  Direccion: string;
  /** Its logo or the default logo's address. */
  Logo: string;
  LogoPropio: boolean;
  /** Spec: 1 active, 2 deactivated. */
  Estado: 1 | 2;
  /** Spec: 2 has an account (IdUsuario). */
  Tipo: 1 | 2;
  IdUsuario: number | null;
  /** Its users' accounts, the main one first. */
  Usuarios: { IdUsuario: number; Nombre: string; CorreoElectronicoPersona: string; Habilitado: 0 | 1 }[];
  CreadoEn: string;
}

const VERBS: Record<string, string> = { desactivar: 'Desactivar', activar: 'Activar', restablecer_contrasena: 'Restablecer la clave de' };

export const empresaContratistaOfficeRecord = defineOfficeRecord({
  kind: 'empresas_contratistas',
  noun: { one: 'empresa contratista', many: 'empresas contratistas', feminine: true },
  displayName: (body) => (typeof body.Nombre === 'string' ? body.Nombre : ''),
  verb: (write) => verbFromPath(write.path, VERBS),
});
