import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { defineOfficeRecord, verbFromPath } from '../records/office-record.ts';
import { TemporaryPasswordSchema, UserNameSchema } from './accounts.schema.ts';
import { EmailSchema, InlineImageSchema, OptionalWireDateSchema, PhoneSchema, RutSchema } from './common.schema.ts';

export const USUARIOS_MESSAGES = {
  created: 'Usuario creado con éxito',
  updated: 'Usuario actualizado con éxito',
  deleted: 'Usuario eliminado con éxito',
  deletedMany: 'Usuarios eliminados con éxito',
  disabled: 'Usuario desactivado con éxito',
  enabled: 'Usuario activado con éxito',
  passwordReset: 'Contraseña del usuario restablecida con éxito',
  notFound: 'Usuario no encontrado',
  rutInUse: 'Ya existe un usuario con ese RUT',
  nameRequired: 'El nombre es requerido',
  surnameRequired: 'El apellido paterno es requerido',
  roleRequired: 'El rol es requerido',
  roleNotFound: 'El rol indicado no existe',
  kindInvalid: 'El tipo de usuario no es válido',
  contractorRequired: 'Elige la empresa contratista del usuario',
  contractorNotFound: 'La empresa contratista indicada no existe',
  clientRequired: 'Elige el cliente del usuario',
  clientNotFound: 'El cliente indicado no existe',
  worksiteNotFound: 'Alguna de las faenas elegidas no existe en la empresa',
  systemsRequired: 'Elige al menos un sistema',
  selfDisable: 'No puedes desactivar tu propio usuario',
  selfDelete: 'No puedes eliminar tu propio usuario',
  lastAdminDisable: 'No se puede desactivar al último administrador de la empresa',
  lastAdminDelete: 'No se puede eliminar al último administrador de la empresa',
  lastAdminRole: 'No se puede cambiar el rol ni el tipo del último administrador de la empresa',
  // Spec section 8, word for word.
  inactiveDaysSaved: 'Días hábiles inactivos registrados correctamente',
  inactiveDaysFailed: 'Error al registrar días hábiles inactivos',
  inactiveDayInvalid: 'Cada día inactivo debe ser una fecha válida (AAAA-MM-DD)',
  inactiveDayWeekend: 'Solo se registran días hábiles (lunes a viernes)',
  inactiveDaysTooMany: 'Se pueden registrar hasta 366 días inactivos por usuario',
} as const;

/** Who an account is for (ARCHITECTURE: named kinds, mapped once; spec user type 2 is a contractor user). */
export const USER_KINDS = ['empresa', 'contratista', 'cliente'] as const;
export type UsuarioTipo = (typeof USER_KINDS)[number];
export const USER_KIND_LABELS: Record<UsuarioTipo, string> = {
  empresa: 'Usuario de la empresa',
  contratista: 'Usuario de empresa contratista',
  cliente: 'Usuario de cliente',
};

/** Spec systems: 1 HSE, 2 Producción. */
export const SYSTEM_IDS = [1, 2] as const;

const name = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(80, message));
const IdRolSchema = v.pipe(
  v.number(USUARIOS_MESSAGES.roleRequired),
  v.integer(USUARIOS_MESSAGES.roleRequired),
  v.minValue(1, USUARIOS_MESSAGES.roleRequired),
);
const KindSchema = v.picklist(USER_KINDS, USUARIOS_MESSAGES.kindInvalid);
/** The contractor by the RUT its records carry (RutContratista); empty or null when the user is not a contractor's. */
const ContractorSchema = v.nullish(v.union([v.literal(''), RutSchema], USUARIOS_MESSAGES.contractorNotFound), null);
const ClientSchema = v.nullish(
  v.pipe(v.string(USUARIOS_MESSAGES.clientNotFound), v.trim(), v.maxLength(64, USUARIOS_MESSAGES.clientNotFound)),
  null,
);
const SystemsSchema = v.pipe(
  v.array(v.picklist(SYSTEM_IDS, USUARIOS_MESSAGES.systemsRequired), USUARIOS_MESSAGES.systemsRequired),
  v.minLength(1, USUARIOS_MESSAGES.systemsRequired),
  v.maxLength(SYSTEM_IDS.length, USUARIOS_MESSAGES.systemsRequired),
);

/** The contractor or client a kind of user must name, and nothing else: the message and the field it belongs to. */
export function kindProblem(user: {
  Tipo?: UsuarioTipo;
  IdContratista?: string | null;
  IdCliente?: string | null;
}): { field: 'IdContratista' | 'IdCliente'; message: string } | null {
  if (user.Tipo === 'contratista' && !user.IdContratista) return { field: 'IdContratista', message: USUARIOS_MESSAGES.contractorRequired };
  if (user.Tipo === 'cliente' && !user.IdCliente) return { field: 'IdCliente', message: USUARIOS_MESSAGES.clientRequired };
  return null;
}

const WorksitesSchema = v.pipe(
  v.array(v.pipe(v.string(USUARIOS_MESSAGES.worksiteNotFound), v.trim(), v.toLowerCase(), v.uuid(USUARIOS_MESSAGES.worksiteNotFound))),
  v.maxLength(200, USUARIOS_MESSAGES.worksiteNotFound),
  v.transform((ids) => [...new Set(ids)].sort()),
);

/** A user's fields, each with its own messages: the server's bodies and the app's form are built from them. */
export const UserFields = {
  RunPersona: RutSchema,
  NombreUsuario: UserNameSchema,
  Nombres: name(USUARIOS_MESSAGES.nameRequired),
  ApellidoPaterno: name(USUARIOS_MESSAGES.surnameRequired),
  ApellidoMaterno: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(80)),
  CorreoElectronicoPersona: EmailSchema,
  TelefonoPersona: v.optional(PhoneSchema, ''),
  FechaNacimiento: v.optional(OptionalWireDateSchema, ''),
  IdRol: IdRolSchema,
  Tipo: KindSchema,
  IdContratista: ContractorSchema,
  IdCliente: ClientSchema,
  Sistemas: v.optional(SystemsSchema, [1]),
  /** The worksites (level 2 or 3 ids) a field device of the user holds; none for the whole company (SPEC PL13). */
  Faenas: v.optional(WorksitesSchema, []),
  /** A photo; without one the user shows the default avatar (spec section 5). */
  Avatar: v.optional(InlineImageSchema),
};

export const UsuarioCreateBodySchema = v.pipe(
  v.object({ ...UserFields, ContrasenaTemporal: TemporaryPasswordSchema }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = kindProblem(dataset.value);
    if (problem)
      addIssue({
        message: problem.message,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: problem.field, value: dataset.value[problem.field] }],
      });
  }),
);
export type UsuarioCreateBody = v.InferOutput<typeof UsuarioCreateBodySchema>;

/** Only what changed; the kind's contractor or client is checked against the stored user by the server. */
export const UsuarioUpdateBodySchema = v.object({
  IdUsuario: v.pipe(v.number(USUARIOS_MESSAGES.notFound), v.integer(USUARIOS_MESSAGES.notFound), v.minValue(1, USUARIOS_MESSAGES.notFound)),
  ...v.partial(v.object(UserFields)).entries,
});
export type UsuarioUpdateBody = v.InferOutput<typeof UsuarioUpdateBodySchema>;

export const UsuarioIdBodySchema = v.object({
  IdUsuario: v.pipe(v.number(USUARIOS_MESSAGES.notFound), v.integer(USUARIOS_MESSAGES.notFound), v.minValue(1, USUARIOS_MESSAGES.notFound)),
});

export const UsuarioPasswordBodySchema = v.object({ ...UsuarioIdBodySchema.entries, ContrasenaTemporal: TemporaryPasswordSchema });

function isWorkingDay(wire: string): boolean {
  const day = new Date(`${wire}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

/** The user's inactive working days, replaced whole (spec: POST dias_inactivos). */
export const DiasInactivosBodySchema = v.object({
  ...UsuarioIdBodySchema.entries,
  Fechas: v.pipe(
    v.array(
      v.pipe(
        v.string(USUARIOS_MESSAGES.inactiveDayInvalid),
        v.check(isWireDate, USUARIOS_MESSAGES.inactiveDayInvalid),
        v.check(isWorkingDay, USUARIOS_MESSAGES.inactiveDayWeekend),
      ),
      USUARIOS_MESSAGES.inactiveDayInvalid,
    ),
    v.maxLength(366, USUARIOS_MESSAGES.inactiveDaysTooMany),
    v.transform((days) => [...new Set(days)].sort()),
  ),
});
export type DiasInactivosBody = v.InferOutput<typeof DiasInactivosBodySchema>;

export const UsuarioSchema = v.object({
  IdUsuario: v.number(),
  RunPersona: v.string(),
  NombreUsuario: v.string(),
  Nombres: v.string(),
  ApellidoPaterno: v.string(),
  ApellidoMaterno: v.string(),
  CorreoElectronicoPersona: v.string(),
  TelefonoPersona: v.string(),
  FechaNacimiento: v.string(),
  /** Its photo, or the default avatar's address. */
  Logo: v.string(),
  LogoPropio: v.boolean(),
  IdRol: v.number(),
  NombreRol: v.string(),
  Administrador: v.boolean(),
  Tipo: v.picklist(USER_KINDS),
  IdContratista: v.nullable(v.string()),
  NombreContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  NombreCliente: v.nullable(v.string()),
  /** 1 may sign in, 0 disabled. */
  Habilitado: v.picklist([0, 1]),
  DebeCambiarContrasena: v.picklist([0, 1]),
  Sistemas: v.array(v.number()),
  /** Level ids; empty: the whole company. */
  Faenas: v.array(v.string()),
  CreadoEn: v.string(),
});
export type Usuario = v.InferOutput<typeof UsuarioSchema>;

/** The active contractor companies and clients a form offers. */
export const ActivePartiesSchema = v.object({
  contratistas: v.array(v.object({ RutCompleto: v.string(), Nombre: v.string() })),
  clientes: v.array(v.object({ IdCliente: v.string(), Nombre: v.string() })),
});

/** Choices of the user form: roles, active contractor companies and clients, and the worksites (levels 2 and 3). */
export const UsuarioListasSchema = v.object({
  roles: v.array(v.object({ IdRol: v.number(), NombreRol: v.string() })),
  ...ActivePartiesSchema.entries,
  /** A level 3 names its level 2 in `Padre`, so the form can say where it is. */
  faenas: v.array(v.object({ IdNivel: v.string(), Nombre: v.string(), TipoNivel: v.picklist([2, 3]), Padre: v.nullable(v.string()) })),
});
export type UsuarioListas = v.InferOutput<typeof UsuarioListasSchema>;

export const AUDIT_ENTITIES = ['usuario', 'rol', 'empresa_contratista', 'cliente'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  usuario: 'Usuario',
  rol: 'Rol',
  empresa_contratista: 'Empresa contratista',
  cliente: 'Cliente',
};
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  crear: 'Creó',
  editar: 'Editó',
  eliminar: 'Eliminó',
  activar: 'Activó',
  desactivar: 'Desactivó',
  restablecer_contrasena: 'Restableció la contraseña',
  dias_inactivos: 'Registró días hábiles inactivos',
};

/** One change of a user, role, permission, contractor or client: who, when, what (field, before, after). */
export const AuditoriaEntradaSchema = v.object({
  IdAuditoria: v.number(),
  Fecha: v.string(),
  IdAutor: v.number(),
  NombreAutor: v.string(),
  Entidad: v.picklist(AUDIT_ENTITIES),
  IdRegistro: v.string(),
  NombreRegistro: v.string(),
  Accion: v.string(),
  Cambios: v.array(v.object({ Campo: v.string(), Antes: v.string(), Despues: v.string() })),
});
export type AuditoriaEntrada = v.InferOutput<typeof AuditoriaEntradaSchema>;

export const AuditoriaQuerySchema = v.object({
  Entidad: v.optional(v.picklist(AUDIT_ENTITIES, 'La entidad no es válida')),
  IdRegistro: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64))),
  Pagina: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'La página no es válida'), v.transform(Number)), '1'),
});

export const UsuariosQuerySchema = v.object({
  Buscar: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
});

const VERBS: Record<string, string> = {
  desactivar: 'Desactivar',
  activar: 'Activar',
  dias_inactivos: 'Registrar días inactivos de',
  restablecer_contrasena: 'Restablecer la contraseña de',
};

export function userDisplayName(body: Record<string, unknown>): string {
  const names = [body.Nombres, body.ApellidoPaterno].filter((part) => typeof part === 'string' && part).join(' ');
  return (
    names ||
    (typeof body.NombreUsuario === 'string' ? body.NombreUsuario : '') ||
    (typeof body.CorreoElectronicoPersona === 'string' ? body.CorreoElectronicoPersona : '')
  );
}

export const usuarioOfficeRecord = defineOfficeRecord({
  kind: 'usuarios',
  noun: { one: 'usuario', many: 'usuarios' },
  displayName: userDisplayName,
  verb: (write) => verbFromPath(write.path, VERBS),
});
