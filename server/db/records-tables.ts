import type { Generated } from 'kysely';

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
  /** '' when none; never written to without `ConsentimientoCorreo` (migration 0017). */
  CorreoPersonal: Generated<string>;
  ConsentimientoCorreo: string | null;
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

/** A sealed EPP delivery acta (migration 0010): JSON columns Entregador and FirmaTrabajador; lines apart. */
export interface EppEntregasTable {
  IdEntregadosEpp: string;
  IdEmpresa: string;
  IdEntrega: string;
  IdPersona: string;
  RunPersona: string;
  NombreTrabajador: string;
  RutContratista: string | null;
  IdCliente: string | null;
  Motivo: number;
  Fecha: string;
  Entregador: string;
  FirmaTrabajador: string;
  FirmadoEn: string;
  Corrige: string | null;
  Sello: string;
  RecibidoEn: string;
  IdUsuario: number;
  Anulada: Generated<number>;
  AnuladaPor: string | null;
  AnuladaEn: string | null;
  Estado: Generated<number>;
  Version: Generated<number>;
  /** Migration 0021: the version of the canonical form it was sealed under (1 before it existed); sealed too. */
  VersionSello: Generated<number>;
}

/**
 * Migration 0021: an earlier name of a worker (`Tabla` 'trabajadores', `IdRegistro` their IdPersona) or a user
 * (`usuarios`, their IdUsuario as text), written by triggers when the name changes. The current name is the row's.
 */
export interface NombresAnterioresTable {
  IdEmpresa: string;
  Tabla: 'trabajadores' | 'usuarios';
  IdRegistro: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  HastaEn: string;
}

/** One line of an acta, queryable by worker, EPP and expiry. */
export interface EppEntregasLineasTable {
  IdLinea: string;
  IdEntregadosEpp: string;
  IdEmpresa: string;
  Orden: number;
  IdPersona: string;
  IdEpp: string;
  NombreEpp: string;
  Talla: string;
  Cantidad: number;
  Fecha: string;
  VidaUtilMeses: number;
  VenceEl: string | null;
}
