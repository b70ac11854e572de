import type { Generated } from 'kysely';

/** 1 active, 2 suspended for pending payment, 0 removed (spec: EstadoEmpresa). */
export type CompanyStatus = 0 | 1 | 2;
export type UserKind = 'empresa' | 'contratista' | 'cliente' | 'fiscalizador';

export interface EmpresasTable {
  IdEmpresa: string;
  RutEmpresa: string;
  NombreEmpresa: string;
  Direccion: string;
  TelefonoEmpresa: string;
  LogoArchivo: string | null;
  EstadoEmpresa: CompanyStatus;
  VarianteDashboard: 'estandar' | 'contratistas';
  CreadoEn: string;
}

export interface UsuariosTable {
  IdUsuario: Generated<number>;
  IdEmpresa: string;
  CorreoElectronicoPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  TelefonoPersona: string;
  FechaNacimiento: string;
  AvatarArchivo: string | null;
  HashContrasena: string;
  DebeCambiarContrasena: number;
  Habilitado: number;
  IdRol: number;
  Tipo: UserKind;
  IdContratista: string | null;
  IdCliente: string | null;
  IdSistemaPreferido: number;
  Version: Generated<number>;
  CreadoEn: string;
  /** Unique per company, like the e-mail (spec: User.NombreUsuario). */
  NombreUsuario: Generated<string>;
  /** Change-log seq of the last change of what the user may read: their role, contractor or client (SPEC PL11). */
  SeqPermisos: Generated<number>;
  /** Migration 0020: moved by a password change, a reset or a deactivation; earlier tokens open nothing (SPEC SE3). */
  GeneracionSesion: Generated<number>;
  /** Migration 0025: the worksites (level ids) the user works in, a JSON array; empty for the whole company (PL13). */
  Faenas: Generated<string>;
  /** The change-log seq of the last widening of Faenas (SPEC PL15). */
  SeqFaenas: Generated<number>;
  /** The worksites every device behind SeqFaenas holds at least, a JSON list. */
  FaenasAntes: Generated<string>;
}

export interface SistemasTable {
  IdSistema: number;
  Nombre: string;
  RutaInicio: string;
}

export interface UsuarioSistemasTable {
  IdUsuario: number;
  IdSistema: number;
}

export interface GruposModulosTable {
  IdGrupo: number;
  NombreGrupo: string;
  SubtituloGrupo: string;
  PosicionGrupo: number;
}

export interface ModulosTable {
  IdModulo: number;
  IdGrupo: number;
  IdSistema: number;
  NombreSistemaModulo: string;
  PosicionGroupModulos: number;
}

export interface SubmodulosTable {
  IdSubmodulo: number;
  IdModulo: number;
  NombreSistemaModuloSub: string;
  Ruta: string;
  PosicionGroupModulosSub: number;
}

export interface RolesTable {
  IdRol: Generated<number>;
  IdEmpresa: string;
  NombreRol: string;
  /** 1 active, 0 deleted. */
  Estado: Generated<number>;
  /** Change-log seq of the last change of the routes this role may read (SPEC PL11). */
  SeqPermisos: Generated<number>;
}

export interface RolPermisosTable {
  IdRol: number;
  IdSubmodulo: number;
  /** Comma list of actions (sync/records/permissions.ts). */
  Acciones: string;
}

export interface MascarasTable {
  IdEmpresa: string;
  TipoNv: number;
  Nombre: string;
}

export interface IntentosAccesoTable {
  Clave: string;
  Fallidos: number;
  PrimerFallo: number;
  BloqueadoHasta: number;
}

/** Migration 0020: the signed-out sessions, until their tokens would have expired anyway (SPEC SE2). */
export interface SesionesCerradasTable {
  IdSesion: string;
  ExpiraEn: number;
}

/** Migration 0020: failed sign-ins per client address within the window (SPEC SE4). */
export interface FallosDireccionTable {
  Direccion: string;
  Fallidos: number;
  PrimerFallo: number;
}

export interface CodigosRecuperacionTable {
  IdCodigo: Generated<number>;
  IdUsuario: number;
  HashCodigo: string;
  ExpiraEn: number;
  Intentos: number;
  Usado: number;
}

export interface RegistroAccesosTable {
  IdRegistro: Generated<number>;
  IdEmpresa: string;
  Correo: string;
  Estado: string;
  Detalle: string;
  Fecha: string;
}

export interface HistorialTable {
  IdHistorial: Generated<number>;
  Usuario: string;
  IdEmpresa: string;
  Origen: string;
  Texto: string;
  Afectado: string;
  Contrasena1: string;
  Contrasena2: string;
  CodigoVerificacion: string;
  Fecha: string;
}

export interface CorreosTable {
  IdCorreo: Generated<number>;
  Para: string;
  Asunto: string;
  Texto: string;
  Estado: 'guardado' | 'enviado' | 'error';
  Error: string;
  Fecha: string;
  /** The attached file in the file store, and its name in the mail (migration 0017). */
  AdjuntoSha256: string | null;
  AdjuntoNombre: string | null;
}

/** An acta whose PDF copy is still to be mailed to the worker (server/modules/epp/acta-copia.ts). */
export interface CopiasActasTable {
  IdEntregadosEpp: string;
  IdEmpresa: string;
  Para: string;
  CreadoEn: string;
  Intentos: Generated<number>;
  UltimoError: Generated<string>;
}

/** Spec: contractor company Estado 1 active, 2 deactivated; Tipo 2 has an account. Clients alike. */
export type PartyStatus = 1 | 2;
export type PartyAccount = 1 | 2;

/** The columns every party (contractor company, client) has. */
interface PartyColumns {
  IdEmpresa: string;
  Nombre: string;
  Correo: string;
  Telefono: string;
  Direccion: string;
  LogoArchivo: string | null;
  Estado: PartyStatus;
  Tipo: PartyAccount;
  /** Its main account, made from its e-mail. */
  IdUsuario: number | null;
  Version: number;
  CreadoEn: string;
}

/** A contractor company of the mandating company; its records carry its `RutCompleto` as RutContratista. */
export interface EmpresasContratistasTable extends PartyColumns {
  IdEmpresaContratista: string;
  /** The RUT without its check digit. */
  Rut: string;
  RutCompleto: string;
}

export interface ClientesTable extends PartyColumns {
  IdCliente: string;
  RutCliente: string;
}

export interface DiasInactivosTable {
  IdUsuario: number;
  IdEmpresa: string;
  /** YYYY-MM-DD, a working day. */
  Fecha: string;
}

export interface AuditoriaTable {
  IdAuditoria: Generated<number>;
  IdEmpresa: string;
  Fecha: string;
  IdAutor: number;
  NombreAutor: string;
  Entidad: string;
  IdRegistro: string;
  NombreRegistro: string;
  Accion: string;
  /** JSON: [{ Campo, Antes, Despues }]. */
  Cambios: string;
}
