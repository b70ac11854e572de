import * as v from 'valibot';
import { PARTY_ACCOUNT, PartyAccountSchema, TemporaryPasswordSchema, UserNameSchema } from './accounts.schema.ts';
import { EmailSchema, InlineImageSchema, PhoneSchema } from './common.schema.ts';

/**
 * What contractor companies and clients (the "parties" of office work) share: their contact fields, their optional
 * account and the rule that makes it, and their stored shape. Each kind gives its own messages.
 */

/** The messages a party's fields speak, from its kind's catalogue. */
export interface PartyFieldMessages {
  nameRequired: string;
  roleRequired: string;
  temporaryPasswordRequired: string;
}

/** The fields of a party's body, written by each kind's create and update schemas. */
export function partyFields(messages: PartyFieldMessages) {
  const { nameRequired, roleRequired } = messages;
  return {
    Nombre: v.pipe(v.string(nameRequired), v.trim(), v.nonEmpty(nameRequired), v.maxLength(160, nameRequired)),
    /** Editable after the name (and, for a client, its RUT). */
    contact: {
      Correo: EmailSchema,
      Telefono: v.optional(PhoneSchema, ''),
      Direccion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200)),
      /** Its logo; without one the party shows the default logo (spec section 5). */
      Logo: v.optional(InlineImageSchema),
    },
    /** Only on create: Tipo 2 (spec: has an account) also makes its account from its e-mail. */
    account: {
      Tipo: v.optional(PartyAccountSchema, PARTY_ACCOUNT.conCuenta),
      IdRol: v.nullish(v.pipe(v.number(roleRequired), v.integer(roleRequired), v.minValue(1, roleRequired)), null),
      NombreUsuario: v.nullish(UserNameSchema, null),
      ContrasenaTemporal: v.nullish(TemporaryPasswordSchema, null),
    },
  };
}

/** A party created with an account needs its role and its temporary password. */
export function partyAccountCheck<T extends { Tipo: number; IdRol: number | null; ContrasenaTemporal: string | null }>(
  messages: PartyFieldMessages,
) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.Tipo !== PARTY_ACCOUNT.conCuenta) return;
    const input = dataset.value;
    if (!input.IdRol)
      addIssue({ message: messages.roleRequired, path: [{ type: 'object', origin: 'value', input, key: 'IdRol', value: input.IdRol }] });
    else if (!input.ContrasenaTemporal) {
      addIssue({
        message: messages.temporaryPasswordRequired,
        path: [{ type: 'object', origin: 'value', input, key: 'ContrasenaTemporal', value: input.ContrasenaTemporal }],
      });
    }
  });
}

/** A party as lists and screens see it, whatever its kind: entries each kind's answer schema spreads. */
export const PartyRecordEntries = {
  Nombre: v.string(),
  Correo: v.string(),
  Telefono: v.string(),
  Direccion: v.string(),
  /** Its logo or the default logo's address. */
  Logo: v.string(),
  LogoPropio: v.boolean(),
  /** Spec: 1 active, 2 deactivated. */
  Estado: v.picklist([1, 2]),
  /** Spec: 2 has an account (IdUsuario). */
  Tipo: v.picklist([1, 2]),
  IdUsuario: v.nullable(v.number()),
  /** Its users' accounts, the main one first. */
  Usuarios: v.array(
    v.object({ IdUsuario: v.number(), Nombre: v.string(), CorreoElectronicoPersona: v.string(), Habilitado: v.picklist([0, 1]) }),
  ),
  CreadoEn: v.string(),
};
export const PartyRecordSchema = v.object(PartyRecordEntries);
export type PartyRecord = v.InferOutput<typeof PartyRecordSchema>;

/** The office log's verbs of a party's own calls. */
export const PARTY_VERBS: Record<string, string> = {
  desactivar: 'Desactivar',
  activar: 'Activar',
  restablecer_contrasena: 'Restablecer la clave de',
};
