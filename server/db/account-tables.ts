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
}

export interface RolPermisosTable {
  IdRol: number;
  IdSubmodulo: number;
  /** Comma list of actions: index, crear, editar, eliminar. */
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
}
