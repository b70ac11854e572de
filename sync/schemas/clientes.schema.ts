import * as v from 'valibot';
import { defineOfficeRecord, verbFromPath } from '../records/office-record.ts';
import { TemporaryPasswordSchema } from './accounts.schema.ts';
import { OptionalRutSchema, RecordIdSchema } from '../records/record-fields.ts';
import { partyAccountCheck, partyFields, PARTY_VERBS, PartyRecordEntries } from './party.schema.ts';

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

const party = partyFields(CLIENTES_MESSAGES);

const EditableFields = { Nombre: party.Nombre, RutCliente: OptionalRutSchema, ...party.contact };

/** A new client with the id its device made. Tipo 2 (spec: has an account) also makes its account from its e-mail. */
export const ClienteCreateBodySchema = v.pipe(
  v.object({ IdCliente: RecordIdSchema, ...EditableFields, ...party.account }),
  partyAccountCheck(CLIENTES_MESSAGES),
);
export type ClienteCreateBody = v.InferOutput<typeof ClienteCreateBodySchema>;

export const ClienteUpdateBodySchema = v.partial(v.object(EditableFields));
export type ClienteUpdateBody = v.InferOutput<typeof ClienteUpdateBodySchema>;

/** Clients made before their own records (the demo's CLI-001) keep their id: any short id, not only a UUID. */
export const ClienteIdSchema = v.pipe(
  v.string(CLIENTES_MESSAGES.notFound),
  v.trim(),
  v.nonEmpty(CLIENTES_MESSAGES.notFound),
  v.maxLength(64, CLIENTES_MESSAGES.notFound),
);
export const ClienteIdBodySchema = v.object({ IdCliente: ClienteIdSchema });
export const ClientePasswordBodySchema = v.object({ IdCliente: ClienteIdSchema, ContrasenaTemporal: TemporaryPasswordSchema });

export const ClienteSchema = v.object({
  ...PartyRecordEntries,
  IdCliente: v.string(),
  RutCliente: v.string(),
  /** The account's user name (spec: NombreUsuario), when it has one. */
  NombreUsuario: v.nullable(v.string()),
});
export type Cliente = v.InferOutput<typeof ClienteSchema>;

export const clienteOfficeRecord = defineOfficeRecord({
  kind: 'clientes',
  noun: { one: 'cliente', many: 'clientes' },
  displayName: (body) => (typeof body.Nombre === 'string' ? body.Nombre : ''),
  verb: (write) => verbFromPath(write.path, PARTY_VERBS),
});
