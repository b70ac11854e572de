import type { PassPublicKey } from '../domain/day-pass.ts';
import * as v from 'valibot';
import type { PermissionAction } from '../records/permissions.ts';
import { ConfirmPasswordSchema, CurrentPasswordSchema, EmailSchema, MESSAGES, NewPasswordSchema, RutSchema } from './common.schema.ts';

export { AUTH_CODES } from './auth-codes.ts';

export const AUTH_MESSAGES = {
  wrongCredentials: 'Credenciales Incorrectas',
  lockedOut: 'Has excedido el límite de intentos, intenta más tarde.',
  /** Too many failed sign-ins from one client address (SPEC SE4): the same words, and how long to wait. */
  addressLimited: (minutes: number) =>
    `Has excedido el límite de intentos desde esta conexión, intenta más tarde (en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}).`,
  passwordUpdated: 'Contraseña actualizada, puedes iniciar la sesión',
  recoveryCodeSent: 'Te enviamos un código de verificación a tu correo.',
  signedOut: 'Sesión cerrada',
  actionFailed: 'No fue posible realizar la acción.',
  recoveryWrongCredentials: 'Credenciales incorrectas.',
  recoveryWrongCode: 'El código ingresado es incorrecto.',
  recoverySendFailed: 'Ocurrió un error al intentar enviar el código de verificación.',
  companyNotRegistered: 'La empresa no se encuentra registrada. Comunícate con soporte.',
  companySuspended: 'La cuenta se encuentra suspendida por pago pendiente. Realiza el pago y envía el comprobante.',
  sessionInvalid: 'Tu sesión expiró, inicia sesión nuevamente.',
  forbiddenCompany: 'No tienes acceso a los datos de esta empresa.',
  forbiddenAction: 'No tienes permiso para realizar esta acción.',
  companyUsersOnly: 'Solo los usuarios de la empresa administran usuarios, roles, empresas contratistas y clientes.',
} as const;

/**
 * Why a user of a deactivated contractor company or client cannot sign in (spec section 8 has popups only for the
 * company itself; this names who deactivated whom and where to turn).
 */
export function partyDeactivatedMessage(party: { kind: 'contratista' | 'cliente'; nombre: string }, company: string): string {
  return party.kind === 'contratista'
    ? `La empresa contratista ${party.nombre} fue desactivada por ${company}: sus usuarios no pueden iniciar sesión. Comunícate con ${company} para reactivarla.`
    : `El cliente ${party.nombre} fue desactivado por ${company}: sus usuarios no pueden iniciar sesión. Comunícate con ${company} para reactivarlo.`;
}

export const LoginBodySchema = v.object({
  RutEmpresa: RutSchema,
  Correo: EmailSchema,
  Contrasena: CurrentPasswordSchema,
});
export type LoginBody = v.InferOutput<typeof LoginBodySchema>;

/** Answer of the company status check: 0 not registered, 1 active, 2 suspended for pending payment. */
export const CompanyStatusSchema = v.object({
  EstadoEmpresa: v.picklist([0, 1, 2]),
  Soporte: v.object({ Correo: v.string(), Telefono: v.string() }),
});
export type CompanyStatus = v.InferOutput<typeof CompanyStatusSchema>;

const ChangePasswordFields = v.object({
  Desafio: v.pipe(v.string(AUTH_MESSAGES.actionFailed), v.nonEmpty(AUTH_MESSAGES.actionFailed)),
  Contrasena: NewPasswordSchema,
  ConfirmarContrasena: ConfirmPasswordSchema,
});
export const ChangePasswordBodySchema = v.pipe(
  ChangePasswordFields,
  v.forward(
    v.partialCheck(
      [['Contrasena'], ['ConfirmarContrasena']],
      (input) => input.Contrasena === input.ConfirmarContrasena,
      MESSAGES.passwordsDiffer,
    ),
    ['ConfirmarContrasena'],
  ),
);
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBodySchema>;

export const RecoveryRequestBodySchema = v.object({
  RutEmpresa: RutSchema,
  Correo: EmailSchema,
});
export type RecoveryRequestBody = v.InferOutput<typeof RecoveryRequestBodySchema>;

const RecoveryConfirmFields = v.object({
  RutEmpresa: RutSchema,
  Correo: EmailSchema,
  Codigo: v.pipe(v.string(MESSAGES.codeRequired), v.trim(), v.nonEmpty(MESSAGES.codeRequired)),
  Contrasena: NewPasswordSchema,
  ConfirmarContrasena: ConfirmPasswordSchema,
});
export const RecoveryConfirmBodySchema = v.pipe(
  RecoveryConfirmFields,
  v.forward(
    v.partialCheck(
      [['Contrasena'], ['ConfirmarContrasena']],
      (input) => input.Contrasena === input.ConfirmarContrasena,
      MESSAGES.passwordsDiffer,
    ),
    ['ConfirmarContrasena'],
  ),
);
export type RecoveryConfirmBody = v.InferOutput<typeof RecoveryConfirmBodySchema>;

export type UserKind = 'empresa' | 'contratista' | 'cliente' | 'fiscalizador';

export interface Permission {
  NombreGrupo: string;
  SubtituloGrupo: string;
  PosicionGrupo: number;
  NombreSistemaModulo: string;
  PosicionGroupModulos: number;
  NombreSistemaModuloSub: string;
  Ruta: string;
  PosicionGroupModulosSub: number;
  IdSistema: number;
  Acciones: PermissionAction[];
}

export interface SessionUser {
  IdUsuario: number;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  CorreoElectronicoPersona: string;
  TelefonoPersona: string;
  FechaNacimiento: string;
  Logo: string | null;
  Tipo: UserKind;
  IdContratista: string | null;
  IdCliente: string | null;
  IdSistemaPreferido: number;
  /**
   * The worksites a field device of the user holds (SPEC PL13); empty for the whole company. Absent from a session a
   * device stored before users had worksites.
   */
  Faenas?: string[];
}

export interface SessionCompany {
  IdEmpresa: string;
  RutEmpresa: string;
  NombreEmpresa: string;
  Logo: string | null;
  VarianteDashboard: 'estandar' | 'contratistas';
  /**
   * The public half of the company's day-pass key (ECDSA P-256, JWK): a gate's tablet verifies passes offline with it
   * (issue 39). Absent in a session stored before the gate existed.
   */
  LlavePases?: PassPublicKey;
}

export interface SessionSystem {
  IdSistema: number;
  Nombre: string;
  RutaInicio: string;
}

export interface Mask {
  TipoNv: number;
  Nombre: string;
}

/** What the server is set up to do that screens must know. */
export interface SessionServer {
  /**
   * True when mail leaves by SMTP; false when it stays in the local mailbox (a new account's password is then shown
   * to the administrator).
   */
  correoSmtp: boolean;
}

/** What the app keeps after sign-in: enough to open and navigate with no network. */
export interface Session {
  usuario: SessionUser;
  empresa: SessionCompany;
  sistemas: SessionSystem[];
  permisos: Permission[];
  mascaras: Mask[];
  expiraEn: string;
  /**
   * The server's public address (setting VERIFICATION_BASE_URL): documents made on the device, offline too, link
   * their verification page there. Absent in sessions stored before the setting existed.
   */
  urlVerificacion?: string;
  /** Absent in a session stored by an older app. */
  servidor?: SessionServer;
}

export interface LoginSuccess extends Session {
  token: string;
}

/** The forced change's answer: its notice and the session it opens, issued after the change (SPEC SE3). */
export type PasswordChangeSuccess = LoginSuccess & { statusCode: number; message: string };

/** Returned instead of a session when the password must be changed first (first sign-in). */
export interface LoginChallenge {
  Desafio: string;
  Titulo: 'Cambia tu contraseña';
}
