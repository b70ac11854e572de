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

export interface ArchivosTable {
  Sha256: string;
  Tipo: string;
  Tamano: number;
  CreadoEn: string;
}

export interface NivelesTable {
  IdNivel: string;
  IdEmpresa: string;
  TipoNivel: number;
  IdNivelPadre: string | null;
  Nombre: string;
  RutNivel: string;
  Version: Generated<number>;
  /** 1 active, 0 deleted (soft delete; the change log carries the tombstone). */
  Estado: Generated<number>;
  /** JSON { field: Version at which it last changed }, for the field-by-field merge of stale updates. */
  VersionesCampos: Generated<string>;
}

/** A record table of the kit (migration 0008 on): its entity's fields plus state, version and field versions. */
interface RecordColumns {
  IdEmpresa: string;
  Estado: Generated<number>;
  Version: Generated<number>;
  VersionesCampos: Generated<string>;
}

export interface CertificacionesTable extends RecordColumns {
  IdCertificacion: string;
  Nombre: string;
  Emisor: string;
  Vence: number;
  VigenciaMeses: number;
}

export interface ActividadesEconomicasTable extends RecordColumns {
  IdActividadEconomica: string;
  Codigo: string;
  Nombre: string;
}

export interface CargosTable {
  IdCargo: string;
  IdEmpresa: string;
  NombreCargo: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  Version: Generated<number>;
  Estado: Generated<number>;
  VersionesCampos: Generated<string>;
}

export interface TrabajadoresTable {
  IdPersona: string;
  IdEmpresa: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  IdNivel4: string | null;
  /** 1 the company's own worker, 2 a contractor's (then RutContratista is set). */
  TipoEmpresa: number;
  RutContratista: string | null;
  /** JSON file references { Sha256, Tipo } or null. */
  FichaMedica: string | null;
  FechaFichaMedica: string;
  FichaMedicaAnterior: string | null;
  Firma: string | null;
  FirmaAnterior: string | null;
  /** JSON arrays of the append-only children. */
  Licencias: string;
  Certificaciones: string;
  Evidencias: string;
  /** RUT digits and names, lower case without accents: what the list search matches. */
  Busqueda: string;
  Estado: Generated<number>;
  Version: Generated<number>;
  VersionesCampos: Generated<string>;
}

export interface TrabajadorCargosTable {
  IdPersona: string;
  IdCargo: string;
  IdEmpresa: string;
}

export interface IdempotenciaTable {
  IdEmpresa: string;
  Clave: string;
  /** sha256 of method, path and canonical body. */
  Huella: string;
  Estado: number;
  /** The JSON answer a replay returns. */
  Respuesta: string;
  CreadoEn: string;
}

export type ChangeOperation = 'upsert' | 'delete';

export interface CambiosTable {
  Seq: Generated<number>;
  IdEmpresa: string;
  Tabla: string;
  IdRegistro: string;
  Operacion: ChangeOperation;
  /** JSON of the row after the change; null for a delete (tombstone). */
  Fila: string | null;
  CreadoEn: string;
  /** Who may pull it (see migration 0006): 'todos', 'empresa', 'contratista:<RUT>' or 'revocar:<RUT>'. */
  Audiencia: Generated<string>;
}

export interface RetencionCambiosTable {
  Id: number;
  DesdeSeq: number;
}

export interface ConflictosTable {
  IdConflicto: Generated<number>;
  IdEmpresa: string;
  Tabla: string;
  IdRegistro: string;
  VersionBase: number;
  VersionServidor: number;
  /** JSON of the losing write, kept so the person can still see and reapply it. */
  Cuerpo: string;
  Usuario: number;
  /** The Idempotency-Key of the losing write, linking it to the device's dead-lettered outbox entry. */
  Clave: string | null;
  CreadoEn: string;
  Resuelto: Generated<number>;
}

export interface ArchivosEmpresaTable {
  Sha256: string;
  IdEmpresa: string;
  CreadoEn: string;
}

export interface FormulariosTable {
  IdFormulario: string;
  IdEmpresa: string;
  Nombre: string;
  Tipo: 'inspeccion' | 'observacion' | 'varios';
  Descripcion: string;
  /** 1 in use, 0 retired (inspections started on it still finish). */
  Estado: Generated<number>;
  /** The newest content version; each one is a row of formulario_versiones. */
  VersionFormulario: Generated<number>;
  Version: Generated<number>;
  VersionesCampos: Generated<string>;
  ActualizadoEn: string;
}

/** One immutable content version of a template (a trigger refuses updates). */
export interface FormularioVersionesTable {
  IdFormulario: string;
  VersionFormulario: number;
  IdEmpresa: string;
  /** JSON ContenidoFormulario. */
  Contenido: string;
  IdUsuario: number | null;
  CreadoEn: string;
}

/** A finished inspection. JSON columns: Observados, Encabezado, Respuestas, Firmas. */
export interface EvaluacionesTable {
  IdEvaluacion: string;
  IdEmpresa: string;
  IdFormulario: string;
  VersionFormulario: number;
  NombreFormulario: string;
  Tipo: 'inspeccion' | 'observacion' | 'varios';
  Fecha: string;
  Lugar: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  IdSupervisor: number;
  Supervisor: string;
  Observados: string;
  EquipoTrabajo: string;
  RutContratista: string | null;
  IdCliente: string | null;
  Encabezado: string;
  Respuestas: string;
  Firmas: string;
  Porcentaje: number | null;
  Nota: number | null;
  Estado: Generated<number>;
  IniciadaEn: string;
  FinalizadaEn: string;
  CreadoEn: string;
  Version: Generated<number>;
}

/** An observation of an inspection. JSON columns: Archivos, Respuestas (its cycle, append-only). */
export interface ObservacionesTable {
  IdObservacion: string;
  IdEvaluacion: string;
  IdEmpresa: string;
  IdFormulario: string;
  TipoObs: 'Checklist' | 'General' | 'Brechas';
  IdEnunciado: string | null;
  Enunciado: string | null;
  Observacion: string;
  Responsable: string;
  IdResponsable: number | null;
  Plazo: string | null;
  SemaforoObs: number;
  Severidad: 'Baja' | 'Media' | 'Alta' | null;
  Respondida: Generated<number>;
  Aprobada: Generated<number>;
  Estado: Generated<number>;
  EmisorObs: string;
  Archivos: string;
  Respuestas: Generated<string>;
  Fecha: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  RutContratista: string | null;
  IdCliente: string | null;
  CreadoEn: string;
  Version: Generated<number>;
}

export interface Database {
  empresas: EmpresasTable;
  usuarios: UsuariosTable;
  sistemas: SistemasTable;
  usuario_sistemas: UsuarioSistemasTable;
  grupos_modulos: GruposModulosTable;
  modulos: ModulosTable;
  submodulos: SubmodulosTable;
  roles: RolesTable;
  rol_permisos: RolPermisosTable;
  mascaras: MascarasTable;
  intentos_acceso: IntentosAccesoTable;
  codigos_recuperacion: CodigosRecuperacionTable;
  registro_accesos: RegistroAccesosTable;
  historial: HistorialTable;
  correos: CorreosTable;
  archivos: ArchivosTable;
  niveles: NivelesTable;
  cargos: CargosTable;
  trabajadores: TrabajadoresTable;
  trabajador_cargos: TrabajadorCargosTable;
  idempotencia: IdempotenciaTable;
  cambios: CambiosTable;
  retencion_cambios: RetencionCambiosTable;
  conflictos: ConflictosTable;
  archivos_empresa: ArchivosEmpresaTable;
  formularios: FormulariosTable;
  formulario_versiones: FormularioVersionesTable;
  evaluaciones: EvaluacionesTable;
  observaciones: ObservacionesTable;
  certificaciones: CertificacionesTable;
  actividades_economicas: ActividadesEconomicasTable;
}
