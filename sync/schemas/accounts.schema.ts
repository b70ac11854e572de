import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from './common.schema.ts';

/**
 * What every account shares, whoever makes it: a company user, a contractor's or a client's. People sign in with
 * the mandating company's RUT and their e-mail, so e-mails and user names are unique across the whole company.
 */
export const ACCOUNT_MESSAGES = {
  emailInUse: 'El correo ya está en uso por otra cuenta de la empresa',
  userNameInUse: 'El nombre de usuario ya está en uso',
  userNameRequired: 'El nombre de usuario es requerido',
  userNameFormat: 'El nombre de usuario lleva de 3 a 40 letras, números, puntos, guiones o guiones bajos',
  temporaryPasswordRequired: 'La contraseña temporal es requerida',
  temporaryPasswordMin: 'La contraseña temporal debe tener al menos 8 caracteres',
  mailFailed: 'No se pudo enviar el correo con la contraseña temporal: restablécela para enviarla de nuevo.',
} as const;

export const UserNameSchema = v.pipe(
  v.string(ACCOUNT_MESSAGES.userNameRequired),
  v.trim(),
  v.nonEmpty(ACCOUNT_MESSAGES.userNameRequired),
  v.toLowerCase(),
  v.regex(/^[a-z0-9._-]{3,40}$/, ACCOUNT_MESSAGES.userNameFormat),
);

/** Made on the administrator's device (sync/domain/temporary-password.ts); the person changes it at first sign-in. */
export const TemporaryPasswordSchema = v.pipe(
  v.string(ACCOUNT_MESSAGES.temporaryPasswordRequired),
  v.nonEmpty(ACCOUNT_MESSAGES.temporaryPasswordRequired),
  v.minLength(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.temporaryPasswordMin),
  v.maxLength(64, ACCOUNT_MESSAGES.temporaryPasswordMin),
);

/** A user name from an e-mail's local part: what a contractor's or client's account is called unless told. */
export function userNameFromEmail(email: string): string {
  const name = email.split('@')[0]!.toLowerCase().replace(/[^a-z0-9._-]/g, '');
  return name.length >= 3 ? name.slice(0, 40) : `${name}usuario`.slice(0, 40);
}

/** The spec's usuarios_reservados: what new accounts may not take (lower case). */
export const ReservedNamesSchema = v.object({ NombresUsuario: v.array(v.string()), Correos: v.array(v.string()) });
export type ReservedNames = v.InferOutput<typeof ReservedNamesSchema>;
export const ReservedNamesAnswerSchema = v.object({ statusCode: v.literal(200), data: ReservedNamesSchema });

/** A new temporary password of an account: its notice, and whether the e-mail with it was sent. */
export const PasswordSentAnswerSchema = v.object({ statusCode: v.literal(200), message: v.string(), CorreoEnviado: v.boolean() });

/** Spec constants of contractor companies and clients: Tipo 2 has an account (Estado: 1 active, 2 deactivated). */
export const PARTY_ACCOUNT = { sinCuenta: 1, conCuenta: 2 } as const;
export const PartyAccountSchema = v.picklist([PARTY_ACCOUNT.sinCuenta, PARTY_ACCOUNT.conCuenta], 'El tipo indica si tiene cuenta de acceso (2) o no (1)');

/** Spec section 5: a user without a photo shows the default avatar; a contractor or client without a logo, the default logo. */
export const DEFAULT_AVATAR_URL = '/avatar-predeterminado.svg';
export const DEFAULT_LOGO_URL = '/logo-predeterminado.svg';
