import type { Generated } from 'kysely';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';

/** The record columns every table of the kit has (migration 0008 on). */
interface RecordColumns {
  IdEmpresa: string;
  /** 0 deleted; the cases use 1 open and 2 closed. */
  Estado: Generated<number>;
  Version: Generated<number>;
  VersionesCampos: Generated<string>;
}

/** An accident catalogue (migration 0011): the family's shape; a child catalogue adds its parent's column. */
export interface CatalogueTable extends RecordColumns {
  Id: string;
  Info: string;
  Tipo: Generated<string>;
  IdTipoAgente?: string;
  IdFactor?: string;
  IdCausaBasica?: string;
  IdFamiliaRiesgo?: string;
  Fecha: string;
  IdUsuario: number;
}

/** A case. JSON columns: CriteriosGravedad, the lists of acts and causes, FirmaInformador, DatosDiat and the children. */
export interface IncidentesTable extends RecordColumns {
  IdEvaluacion: string;
  IdAccidente: string;
  Clasificacion: string;
  Gravedad: string;
  CriteriosGravedad: string;
  FechaOcurrencia: string;
  HoraOcurrencia: string;
  FechaAlta: string;
  DiasPerdidos: number | null;
  Lugar: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  ProcesoFaena: string;
  EquipoTrabajo: string;
  FuenteEvento: string | null;
  AgenteEvento: string | null;
  TipoEvento: string;
  IdPersona: string | null;
  NombreAccidentado: string;
  Rut: string;
  Cargo: string;
  Edad: number | null;
  AntiguedadCargo: string;
  RutContratista: string | null;
  IdCliente: string | null;
  TipoLesion: string | null;
  ParteCuerpo: string | null;
  Equipo: string | null;
  Proceso: string;
  Monto: number | null;
  Descripcion: string;
  ActosSubestandar: string;
  Factores: string;
  CondicionSubestandar: string;
  CausasBasicas: string;
  ItemCausasBasicas: string;
  FaltaControl: string;
  IdRiesgoEspecifico: string | null;
  Probabilidad: number | null;
  Consecuencia: number | null;
  ValorRiesgo: number | null;
  NivelRiesgo: string;
  NombreInformador: string;
  RutEjecutor: string;
  DvEjecutor: string;
  FirmaInformador: string | null;
  FechaConocimiento: string;
  MedioPrueba: string;
  DiatPresentadaEn: string | null;
  DiatPresentadaPor: string;
  DiatFolio: string;
  Mutualidad: string;
  SuspensionFaenaEn: string | null;
  AvisoInspeccionEn: string | null;
  AvisoSeremiEn: string | null;
  DatosDiat: string;
  Evidencias: string;
  Declaraciones: string;
  Investigadores: string;
  FechaEvaluacion: string;
  IdUsuario: number;
  CreadoEn: string;
  CerradoEn: string | null;
}

/** A control measure of a case. JSON columns: Archivos, Respuestas (its cycle, append-only). */
export interface MedidasControlTable extends RecordColumns {
  IdMedidaControl: string;
  IdEvaluacion: string;
  MedidaControl: string;
  Plazo: string | null;
  Responsable: string;
  IdResponsable: number | null;
  Semaforo: number;
  Respondida: Generated<number>;
  Aprobada: Generated<number>;
  Archivos: string;
  Respuestas: Generated<string>;
  RutContratista: string | null;
  IdCliente: string | null;
  CreadoEn: string;
}

/** Headcount and hours worked of one month, level 2, level 3 (or null) and contractor ('' own staff); migration 0013. */
export interface DotacionesTable extends RecordColumns {
  IdDotacion: string;
  Mes: string;
  IdNivel2: string;
  IdNivel3: string | null;
  RutContratista: string;
  Dotacion: number;
  HorasHombre: number;
}

export type IncidentTables = Record<AccidentCatalogueTable, CatalogueTable> & {
  incidentes: IncidentesTable;
  medidas_control: MedidasControlTable;
  dotaciones: DotacionesTable;
};
