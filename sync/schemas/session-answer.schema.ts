import * as v from 'valibot';
import { PERMISSION_ACTIONS } from '../records/permissions.ts';
import type { LoginChallenge, LoginSuccess, Session } from './auth.schema.ts';
import { MaskSchema } from './dashboard-answer.schema.ts';

/**
 * The session a sign-in opens (Session in auth.schema.ts), as the API describes it. The sign-in routes type their
 * answers with these schemas; `Exact` below fails to compile when the interfaces and the schemas part ways.
 */

const PermissionSchema = v.object({
  NombreGrupo: v.string(),
  SubtituloGrupo: v.string(),
  PosicionGrupo: v.number(),
  NombreSistemaModulo: v.string(),
  PosicionGroupModulos: v.number(),
  NombreSistemaModuloSub: v.string(),
  Ruta: v.string(),
  PosicionGroupModulosSub: v.number(),
  IdSistema: v.number(),
  Acciones: v.array(v.picklist(PERMISSION_ACTIONS)),
});

const SessionUserSchema = v.object({
  IdUsuario: v.number(),
  RunPersona: v.string(),
  Nombres: v.string(),
  ApellidoPaterno: v.string(),
  ApellidoMaterno: v.string(),
  CorreoElectronicoPersona: v.string(),
  TelefonoPersona: v.string(),
  FechaNacimiento: v.string(),
  Logo: v.nullable(v.string()),
  Tipo: v.picklist(['empresa', 'contratista', 'cliente', 'fiscalizador']),
  IdContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  IdSistemaPreferido: v.number(),
  // Absent from a session stored before users had worksites: one of the whole company.
  Faenas: v.optional(v.array(v.string())),
});

export const SessionSchema = v.object({
  usuario: SessionUserSchema,
  empresa: v.object({
    IdEmpresa: v.string(),
    RutEmpresa: v.string(),
    NombreEmpresa: v.string(),
    Logo: v.nullable(v.string()),
    VarianteDashboard: v.picklist(['estandar', 'contratistas']),
    // The public half of the day-pass key (JWK, ECDSA P-256): absent from a session stored before the gate.
    LlavePases: v.optional(v.object({ kty: v.literal('EC'), crv: v.literal('P-256'), x: v.string(), y: v.string() })),
  }),
  sistemas: v.array(v.object({ IdSistema: v.number(), Nombre: v.string(), RutaInicio: v.string() })),
  permisos: v.array(PermissionSchema),
  mascaras: v.array(MaskSchema),
  expiraEn: v.string(),
  urlVerificacion: v.optional(v.string()),
  servidor: v.optional(v.object({ correoSmtp: v.boolean() })),
});

export const LoginSuccessSchema = v.object({ ...SessionSchema.entries, token: v.string() });

export const LoginChallengeSchema = v.object({ Desafio: v.string(), Titulo: v.literal('Cambia tu contraseña') });

export const PasswordChangeSuccessSchema = v.object({ ...LoginSuccessSchema.entries, statusCode: v.number(), message: v.string() });

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const sessionSchemasMatch: [
  Exact<Session, v.InferOutput<typeof SessionSchema>>,
  Exact<LoginSuccess, v.InferOutput<typeof LoginSuccessSchema>>,
  Exact<LoginChallenge, v.InferOutput<typeof LoginChallengeSchema>>,
] = [true, true, true];
