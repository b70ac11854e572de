import type { Generated } from 'kysely';

/** The trainings tables (migration 0009). JSON columns hold lists and file references as text. */
interface RecordColumns {
  IdEmpresa: string;
  Estado: Generated<number>;
  Version: Generated<number>;
  VersionesCampos: Generated<string>;
}

export interface CapacitacionesTable extends RecordColumns {
  IdCapacitacion: string;
  IdTipoCapacitacion: string;
  IdPrograma: string | null;
  Tema: string;
  Fecha: string;
  HoraInicio: string;
  Lugar: string;
  DuracionHoras: number;
  IdNivel2: string | null;
  IdNivel3: string | null;
  RutContratista: string | null;
  IdCliente: string | null;
  /** JSON list of IdCargo. */
  CargosParticipantes: string;
  Realizada: number;
  FechaRealizacion: string | null;
  VigenciaMeses: number | null;
  Evaluada: number;
  IdUsuario: number;
}

/** One attendance: a participant of a session, with what reports need copied beside it. */
export interface CapacitacionParticipantesTable {
  Id: string;
  IdCapacitacion: string;
  IdEmpresa: string;
  Posicion: number;
  IdPersona: string;
  /** The position the worker attends as: the one that brought them in, or their first when added by person. */
  IdCargo: string | null;
  RunPersona: string;
  Nombre: string;
  RutContratista: string | null;
  IdNivel2: string | null;
  IdNivel3: string | null;
  Asistio: number;
  Nota: number | null;
  /** JSON file reference or null. */
  Firma: string | null;
  FirmadoEn: string | null;
  FechaVencimiento: string | null;
  Estado: number;
  Activa: number;
  IdTipoCapacitacion: string;
  IdPrograma: string | null;
  DuracionHoras: number;
  Fecha: string;
  Realizada: number;
  FechaRealizacion: string | null;
  /** YYYY-MM of FechaRealizacion. */
  Mes: string | null;
  Evaluada: number;
  RutContratistaSesion: string | null;
  IdCliente: string | null;
}

export interface CapacitacionRelatoresTable {
  Id: string;
  IdCapacitacion: string;
  IdEmpresa: string;
  Posicion: number;
  IdUsuario: number | null;
  IdCargo: string | null;
  IdPersona: string | null;
  Nombre: string;
  Rut: string;
  Firma: string | null;
  FirmadoEn: string | null;
  Estado: number;
}

export interface CapacitacionEvidenciasTable {
  Id: string;
  IdCapacitacion: string;
  IdEmpresa: string;
  Posicion: number;
  Evidencia: string;
  Nombre: string;
  TipoEvidencia: string;
  /** JSON file reference. */
  Archivo: string;
  Fecha: string;
  Estado: number;
}
