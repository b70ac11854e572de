import * as v from 'valibot';
import { defineOfficeRecord, verbFromPath } from '../records/office-record.ts';
import { PARTY_ACCOUNT, PartyAccountSchema, TemporaryPasswordSchema, UserNameSchema } from './accounts.schema.ts';
import { OptionalRutSchema, RecordIdSchema } from '../records/record-fields.ts';
import { EmailSchema, InlineImageSchema, PhoneSchema } from './common.schema.ts';

/** Spec section 8 names only the password reset notice (word for word); the rest follow the contractor's. */
export const CLIENTES_MESSAGES = {
  created: 'Cliente creado con éxito',
  updated: 'Cliente actualizado con éxito',
  deleted: 'Cliente eliminado con éxito',
  deletedMany: 'Clientes eliminados con éxito',
  deactivated: 'Cliente desactivado con éxito',
  activated: 'Cliente activado con éxito',
  passwordReset: 'clave del Cliente Reestablecida con éxito',
  notFound: 'Cliente no encontrado',
  nameRequired: 'El nombre del cliente es requerido',
  rutInUse: 'Ya existe un cliente con ese RUT',
  roleRequired: 'Elige el rol de la cuenta de acceso',
  roleNotFound: 'El rol indicado no existe',
  temporaryPasswordRequired: 'La contraseña temporal es requerida',
  withoutAccount: 'El cliente no tiene cuenta de acceso',
} as const;

const NombreSchema = v.pipe(v.string(CLIENTES_MESSAGES.nameRequired), v.trim(), v.nonEmpty(CLIENTES_MESSAGES.nameRequired), v.maxLength(160, CLIENTES_MESSAGES.nameRequired));
const IdRolSchema = v.pipe(v.number(CLIENTES_MESSAGES.roleRequired), v.integer(CLIENTES_MESSAGES.roleRequired), v.minValue(1, CLIENTES_MESSAGES.roleRequired));

const EditableFields = {
  Nombre: NombreSchema,
  RutCliente: OptionalRutSchema,
  Correo: EmailSchema,
  Telefono: v.optional(PhoneSchema, ''),
  Direccion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200)),
  /** Its logo; without one the client shows the default logo (spec section 5). */
  Logo: v.optional(InlineImageSchema),
};

/** A new client with the id its device made. Tipo 2 (spec: has an account) also makes its account from its e-mail. */
export const ClienteCreateBodySchema = v.pipe(
  v.object({
    IdCliente: RecordIdSchema,
    ...EditableFields,
    Tipo: v.optional(PartyAccountSchema, PARTY_ACCOUNT.conCuenta),
    IdRol: v.nullish(IdRolSchema, null),
    NombreUsuario: v.nullish(UserNameSchema, null),
    ContrasenaTemporal: v.nullish(TemporaryPasswordSchema, null),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.Tipo !== PARTY_ACCOUNT.conCuenta) return;
    const input = dataset.value;
    if (!input.IdRol) addIssue({ message: CLIENTES_MESSAGES.roleRequired, path: [{ type: 'object', origin: 'value', input, key: 'IdRol', value: input.IdRol }] });
    else if (!input.ContrasenaTemporal) addIssue({ message: CLIENTES_MESSAGES.temporaryPasswordRequired, path: [{ type: 'object', origin: 'value', input, key: 'ContrasenaTemporal', value: input.ContrasenaTemporal }] });
  }),
);
export type ClienteCreateBody = v.InferOutput<typeof ClienteCreateBodySchema>;

export const ClienteUpdateBodySchema = v.partial(v.object(EditableFields));
export type ClienteUpdateBody = v.InferOutput<typeof ClienteUpdateBodySchema>;

/** Clients made before their own records (the demo's CLI-001) keep their id: any short id, not only a UUID. */
export const ClienteIdSchema = v.pipe(v.string(CLIENTES_MESSAGES.notFound), v.trim(), v.nonEmpty(CLIENTES_MESSAGES.notFound), v.maxLength(64, CLIENTES_MESSAGES.notFound));
export const ClienteIdBodySchema = v.object({ IdCliente: ClienteIdSchema });
export const ClientePasswordBodySchema = v.object({ IdCliente: ClienteIdSchema, ContrasenaTemporal: TemporaryPasswordSchema });

export interface Cliente {
  IdCliente: string;
  RutCliente: string;
  Nombre: string;
  Correo: string;
  Telefono: string;
  Direccion: string;
  /** Its logo or the default logo's address. */
  Logo: string;
  LogoPropio: boolean;
  /** Spec: 1 active, 2 inactive. */
  Estado: 1 | 2;
  /** Spec: 2 has a user account (IdUsuario). */
  Tipo: 1 | 2;
  IdUsuario: number | null;
  /** The account's user name (spec: NombreUsuario), when it has one. */
  NombreUsuario: string | null;
  Usuarios: { IdUsuario: number; Nombre: string; CorreoElectronicoPersona: string; Habilitado: 0 | 1 }[];
  CreadoEn: string;
}

const VERBS: Record<string, string> = { desactivar: 'Desactivar', activar: 'Activar', restablecer_contrasena: 'Restablecer la clave de' };

export const clienteOfficeRecord = defineOfficeRecord({
  kind: 'clientes',
  noun: { one: 'cliente', many: 'clientes' },
  displayName: (body) => (typeof body.Nombre === 'string' ? body.Nombre : ''),
  verb: (write) => verbFromPath(write.path, VERBS),
});
