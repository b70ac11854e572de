import * as v from 'valibot';
import { DATE_PICKER_MIN, isWireDate } from '../domain/dates.ts';
import { ConfirmPasswordSchema, CurrentPasswordSchema, EmailSchema, MESSAGES, NewPasswordSchema } from './common.schema.ts';

/**
 * The inspector portal (spec part 1 sections 2.5, 4.2, 4.3, 8): labour inspectors (fiscalizadores) are not users of
 * any company. Their own accounts, their own kind of session (no company in it), and read-only access to any
 * company's worker records, every search and PDF logged.
 */

/** The stored system of an inspector's session (spec 2.1): the app opens the inspector routes for it. */
export const SISTEMA_FISCALES = 'FISCALES';

export const FISCALES_MESSAGES = {
  temporaryPasswordSent: 'Te enviamos una contraseña temporal a tu correo.',
  accountVerified: 'Cuenta verificada, ya puedes iniciar sesión',
  loginWrong: 'Email y/o contraseña incorrectos',
  loginOther: 'Ocurrió un inconveniente al iniciar sesión, por favor intenta nuevamente',
  registerFailed: 'Ocurrió un error al intentar crear la cuenta',
  temporaryWrong: 'La contraseña temporal es incorrecta',
  verifyFailed: 'Ocurrió un error al intentar verificar la cuenta',
  changeFailed: 'Ocurrió un error al cambiar la contraseña',
  recoveryWrongCredentials: 'Credenciales incorrectas.',
  limitExceeded: 'Has excedido el límite de intentos, intenta más tarde.',
  recoveryWrongCode: 'El código ingresado es incorrecto.',
  recoverySendFailed: 'Ocurrió un error al intentar enviar el código de verificación.',
  temporaryRequired: 'La contraseña temporal es requerida',
  startAfterEnd: 'Fecha inicial no puede ser mayor que Fecha final',
  endBeforeStart: 'Fecha final no puede ser menor que Fecha inicial',
  dateOutOfRange: 'La fecha debe estar entre el 01/01/1969 y hoy',
  workerRequired: 'Selecciona un trabajador',
  companyNotFound: 'La empresa no existe',
  workerNotFound: 'El trabajador no existe en esta empresa',
  recordNotFound: 'El registro no existe o no es de este trabajador',
  linkExpired: 'El enlace del documento expiró: vuelve a abrirlo desde la búsqueda.',
  /** A company session on an inspector route, or the reverse. */
  inspectorsOnly: 'Esta sección es solo para fiscalizadores.',
} as const;

/** Machine-readable reasons, for the screens (the messages above are what a person reads). */
export const FISCALES_CODES = {
  notInstitutional: 'CORREO_NO_INSTITUCIONAL',
  accountExists: 'CUENTA_EXISTENTE',
  lockedOut: 'LIMITE_INTENTOS',
  wrongCredentials: 'CREDENCIALES_INCORRECTAS',
} as const;

/** The empty message of each card (spec 2.5), word for word. */
export const EMPTY_CARD_MESSAGES = {
  observaciones: 'No tiene observaciones en este periodo',
  capacitaciones: 'No tiene capacitaciones en este periodo',
  epp: 'No tiene epp en este periodo',
  incidentes: 'No tiene incidentes en este periodo',
} as const;

export const CARD_KINDS = ['observaciones', 'capacitaciones', 'epp', 'incidentes'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

// --- Account -------------------------------------------------------------------------------------------------

/** What the registration form shows: the institutional suffix (a server setting, spec 5). */
export const InspectorSettingsSchema = v.object({ DominioInstitucional: v.string() });
export type InspectorSettings = v.InferOutput<typeof InspectorSettingsSchema>;

export const InspectorRegisterBodySchema = v.object({ Correo: EmailSchema });
export type InspectorRegisterBody = v.InferOutput<typeof InspectorRegisterBodySchema>;

const TemporaryPasswordSchema = v.pipe(
  v.string(FISCALES_MESSAGES.temporaryRequired),
  v.trim(),
  v.nonEmpty(FISCALES_MESSAGES.temporaryRequired),
);

type WithConfirmation = { Contrasena: string; ConfirmarContrasena: string };
const passwordsMatch = (input: WithConfirmation) => input.Contrasena === input.ConfirmarContrasena;

/** Registration step 1: the e-mailed temporary password, the new password and its confirmation. */
export const InspectorVerifyBodySchema = v.pipe(
  v.object({
    Correo: EmailSchema,
    ContrasenaTemporal: TemporaryPasswordSchema,
    Contrasena: NewPasswordSchema,
    ConfirmarContrasena: ConfirmPasswordSchema,
  }),
  v.forward(v.partialCheck([['Contrasena'], ['ConfirmarContrasena']], passwordsMatch, MESSAGES.passwordsDiffer), ['ConfirmarContrasena']),
);
export type InspectorVerifyBody = v.InferOutput<typeof InspectorVerifyBodySchema>;

export const InspectorLoginBodySchema = v.object({ Correo: EmailSchema, Contrasena: CurrentPasswordSchema });
export type InspectorLoginBody = v.InferOutput<typeof InspectorLoginBodySchema>;

/** The forced first-login change: the challenge the sign-in answered instead of a session. */
export const InspectorChangePasswordBodySchema = v.pipe(
  v.object({
    Desafio: v.pipe(v.string(FISCALES_MESSAGES.changeFailed), v.nonEmpty(FISCALES_MESSAGES.changeFailed)),
    Contrasena: NewPasswordSchema,
    ConfirmarContrasena: ConfirmPasswordSchema,
  }),
  v.forward(v.partialCheck([['Contrasena'], ['ConfirmarContrasena']], passwordsMatch, MESSAGES.passwordsDiffer), ['ConfirmarContrasena']),
);
export type InspectorChangePasswordBody = v.InferOutput<typeof InspectorChangePasswordBodySchema>;

export const InspectorRecoveryRequestBodySchema = v.object({ Correo: EmailSchema });
export type InspectorRecoveryRequestBody = v.InferOutput<typeof InspectorRecoveryRequestBodySchema>;

export const InspectorRecoveryConfirmBodySchema = v.pipe(
  v.object({
    Correo: EmailSchema,
    Codigo: v.pipe(v.string(MESSAGES.codeRequired), v.trim(), v.nonEmpty(MESSAGES.codeRequired)),
    Contrasena: NewPasswordSchema,
    ConfirmarContrasena: ConfirmPasswordSchema,
  }),
  v.forward(v.partialCheck([['Contrasena'], ['ConfirmarContrasena']], passwordsMatch, MESSAGES.passwordsDiffer), ['ConfirmarContrasena']),
);
export type InspectorRecoveryConfirmBody = v.InferOutput<typeof InspectorRecoveryConfirmBodySchema>;

/** What the app keeps of an inspector's session: no company, no permissions. */
export const InspectorSessionSchema = v.object({
  fiscalizador: v.object({ IdFiscalizador: v.number(), Correo: v.string() }),
  sistema: v.literal(SISTEMA_FISCALES),
  expiraEn: v.string(),
});
export type InspectorSession = v.InferOutput<typeof InspectorSessionSchema>;
export const InspectorLoginSuccessSchema = v.object({ token: v.string(), ...InspectorSessionSchema.entries });
export type InspectorLoginSuccess = v.InferOutput<typeof InspectorLoginSuccessSchema>;
/** The answer of a change of the temporary password (registration step 1, forced change): its notice and the session it opens. */
export const InspectorPasswordChangeSuccessSchema = v.object({
  statusCode: v.literal(200),
  message: v.string(),
  ...InspectorLoginSuccessSchema.entries,
});
export type InspectorPasswordChangeSuccess = v.InferOutput<typeof InspectorPasswordChangeSuccessSchema>;
export const InspectorLoginChallengeSchema = v.object({ Desafio: v.string(), Titulo: v.literal('Cambia tu contraseña') });
export type InspectorLoginChallenge = v.InferOutput<typeof InspectorLoginChallengeSchema>;

// --- Search --------------------------------------------------------------------------------------------------

/** A company of the platform, whatever its state: access is permanent (Ord. 1394/2019). */
export const PortalCompanySchema = v.object({
  IdEmpresa: v.string(),
  RutEmpresa: v.string(),
  NombreEmpresa: v.string(),
  /** 1 active, 2 suspended, 0 removed: shown beside the name, never a reason to hide it. */
  EstadoEmpresa: v.number(),
});
export type PortalCompany = v.InferOutput<typeof PortalCompanySchema>;

export const PortalWorkerSchema = v.object({ IdPersona: v.string(), Rut: v.string(), Nombre: v.string() });
export type PortalWorker = v.InferOutput<typeof PortalWorkerSchema>;

const SearchText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), '');
export const PortalLookupQuerySchema = v.object({ q: SearchText });

const PeriodDate = v.pipe(
  v.string(FISCALES_MESSAGES.dateOutOfRange),
  v.trim(),
  v.check((value) => isWireDate(value) && value >= DATE_PICKER_MIN, FISCALES_MESSAGES.dateOutOfRange),
);

/** The period of a search (spec 5 and 9): both dates from 1969-01-01 to today, the first not after the second. */
export const PortalPeriodQuerySchema = v.pipe(
  v.object({ desde: PeriodDate, hasta: PeriodDate }),
  v.forward(
    v.partialCheck([['desde'], ['hasta']], (input) => input.desde <= input.hasta, FISCALES_MESSAGES.startAfterEnd),
    ['desde'],
  ),
);
export type PortalPeriod = v.InferOutput<typeof PortalPeriodQuerySchema>;

/** Observaciones: an inspection where the worker was observed (Fecha, Checklist, % Cumplimiento - Nota). */
export const ObservacionCardRowSchema = v.object({
  Id: v.string(),
  Fecha: v.string(),
  Checklist: v.string(),
  /** 0 to 100, or null when the inspection has no scored statements. */
  Cumplimiento: v.nullable(v.number()),
  Nota: v.nullable(v.number()),
});
export type ObservacionCardRow = v.InferOutput<typeof ObservacionCardRowSchema>;

/** Capacitaciones: a session the worker attended; `Id` is the attendance row (the certificate's id). */
export const CapacitacionCardRowSchema = v.object({ Id: v.string(), Fecha: v.string(), Capacitacion: v.string() });
export type CapacitacionCardRow = v.InferOutput<typeof CapacitacionCardRowSchema>;

/** Elementos de Protección Personal: an acta the worker signed, with its seal checked on the server now. */
export const EppCardRowSchema = v.object({
  Id: v.string(),
  Fecha: v.string(),
  Epp: v.string(),
  Sello: v.string(),
  /** 'valido': the stored acta gives the same seal; 'alterado': it does not; 'anulado': annulled (still shown). */
  Verificacion: v.picklist(['valido', 'alterado', 'anulado']),
});
export type EppCardRow = v.InferOutput<typeof EppCardRowSchema>;

/** Incidentes: a case where the worker was injured. */
export const IncidenteCardRowSchema = v.object({
  Id: v.string(),
  FechaIncidente: v.string(),
  TipoIncidente: v.string(),
  EstadoInvestigacion: v.string(),
});
export type IncidenteCardRow = v.InferOutput<typeof IncidenteCardRowSchema>;

export interface CardRows {
  observaciones: ObservacionCardRow;
  capacitaciones: CapacitacionCardRow;
  epp: EppCardRow;
  incidentes: IncidenteCardRow;
}

export const PortalSearchAnswerSchema = v.object({
  trabajador: PortalWorkerSchema,
  empresa: PortalCompanySchema,
  periodo: v.object({ desde: v.string(), hasta: v.string() }),
  observaciones: v.array(ObservacionCardRowSchema),
  capacitaciones: v.array(CapacitacionCardRowSchema),
  epp: v.array(EppCardRowSchema),
  incidentes: v.array(IncidenteCardRowSchema),
});
export type PortalSearchAnswer = v.InferOutput<typeof PortalSearchAnswerSchema>;

/** The address of one record's PDF, signed for a short time so a new tab opens it without the session token. */
export const PortalPdfLinkSchema = v.object({ Url: v.string() });
export type PortalPdfLink = v.InferOutput<typeof PortalPdfLinkSchema>;

// --- Access log (the company's administrators) ----------------------------------------------------------------

export const InspectorAccessRowSchema = v.object({
  IdAcceso: v.number(),
  En: v.string(),
  Correo: v.string(),
  /** 'nomina': a listing of the company's roster (the worker picker), which names no worker. */
  Accion: v.picklist(['busqueda', 'pdf', 'nomina']),
  RutTrabajador: v.string(),
  NombreTrabajador: v.string(),
  /** For a PDF: the card it came from and the record's id; for a search: '' and the period. */
  TipoRegistro: v.picklist([...CARD_KINDS, '']),
  IdRegistro: v.string(),
  Desde: v.string(),
  Hasta: v.string(),
  /** For a roster listing: what the inspector typed ('' for the whole roster) and how many workers it showed. */
  Busqueda: v.string(),
  Resultados: v.number(),
});
export type InspectorAccessRow = v.InferOutput<typeof InspectorAccessRowSchema>;
