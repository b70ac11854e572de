import type { Entities, EntityTable } from '#sync/records/entities.ts';
import type { Cargo } from '#sync/schemas/cargos.schema.ts';
import type { Acreditacion, AcreditacionActivo } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import type { CertificadoFlota, LecturaFlota } from '#sync/schemas/flota-registros.schema.ts';
import type { DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';
import type { Nivel } from '#sync/schemas/niveles.schema.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { EppAsignacion } from '#sync/schemas/epp-asignaciones.schema.ts';
import type { EppEntrega } from '#sync/schemas/epp-entregas.schema.ts';
import type { EppSolicitud } from '#sync/schemas/epp-solicitudes.schema.ts';
import type { RowOf } from '#sync/records/entity.ts';
import type { LocalIncidente, LocalMedida } from './incident-rows.ts';
import type { LocalFormulario, LocalInspeccion, LocalObservacion } from './inspection-rows.ts';
import type { LocalCapacitacion, LocalPrograma } from './capacitacion-rows.ts';
import type { Dotacion } from '#sync/schemas/dotaciones.schema.ts';
import type { AjustesAcceso, Movimiento, PaseDia, PaseProvisorio } from '#sync/schemas/acceso.schema.ts';

export interface LocalTrabajador extends Trabajador {
  /** Folded words of the RUT (without dots or dash) and the names, for the prefix search. */
  palabras: string[];
  /** Folded "paterno materno nombres": the list order. */
  orden: string;
}

/** A catalogue record on the device: the pulled row and its folded name, the list order. */
export type LocalCatalogueRow<Row> = Row & { orden: string };

export interface LocalCargo extends Cargo {
  orden: string;
}

export interface LocalNivel extends Nivel {
  orden: string;
}

/** Headcount and hours worked of a month (the accident rates' denominators); `orden` lists the newest month first. */
export interface LocalDotacion extends Dotacion {
  orden: string;
}

/** The records the device keeps in a shape of their own: the pulled row plus what the device's lists need. */
export interface OwnLocalRows {
  trabajadores: LocalTrabajador;
  cargos: LocalCargo;
  niveles: LocalNivel;
  formularios: LocalFormulario;
  inspecciones: LocalInspeccion;
  observaciones: LocalObservacion;
  programas_capacitacion: LocalPrograma;
  capacitaciones: LocalCapacitacion;
  epp_asignaciones: EppAsignacion;
  /** Pulled, or queued from this device (RecibidoEn null until the server has it). */
  epp_entregas: EppEntrega;
  epp_solicitudes: EppSolicitud;
  incidentes: LocalIncidente;
  medidas_control: LocalMedida;
  dotaciones: LocalDotacion;
  documentos_requisito: DocumentoRequisito;
  acreditaciones: Acreditacion;
  acreditaciones_activo: AcreditacionActivo;
  certificaciones_vehiculo: CertificadoFlota;
  certificaciones_equipo: CertificadoFlota;
  certificaciones_instalacion: CertificadoFlota;
  lecturas_vehiculo: LecturaFlota;
  lecturas_equipo: LecturaFlota;
  ajustes_acceso: AjustesAcceso;
  pases_dia: PaseDia;
  pases_provisorios: PaseProvisorio;
  movimientos_acceso: Movimiento;
}

/** The catalogues: every entity without a shape of its own above. */
export type CatalogueTable = Exclude<EntityTable, keyof OwnLocalRows>;

/** A record as the device keeps it, by table: its own shape above, or a catalogue's (the row and its folded name). */
export type LocalRows = { [T in EntityTable]: T extends keyof OwnLocalRows ? OwnLocalRows[T] : LocalCatalogueRow<RowOf<Entities[T]>> };

export type LocalRow = LocalRows[EntityTable];

/** Lower case without accents, as the search compares and lists sort. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('es');
}

/** The words of a search: a word that looks like a RUT ("12.345.678-5") loses its dots and dash. */
export function searchWords(input: string): string[] {
  return fold(input)
    .split(/\s+/)
    .map((word) => (/^[\d.]+-?[\dk]?$/.test(word) ? word.replace(/[.-]/g, '') : word))
    .filter(Boolean)
    .slice(0, 8);
}

export function toLocalTrabajador(row: Trabajador): LocalTrabajador {
  const names = [row.Nombres, row.ApellidoPaterno, row.ApellidoMaterno].join(' ');
  const palabras = [...new Set([row.RunPersona.replace(/[.-]/g, '').toLowerCase(), ...fold(names).split(/\s+/)].filter(Boolean))];
  return { ...row, palabras, orden: fold([row.ApellidoPaterno, row.ApellidoMaterno, row.Nombres].filter(Boolean).join(' ')) };
}

export function toLocalCargo(row: Cargo): LocalCargo {
  return { ...row, orden: fold(row.NombreCargo) };
}

export function toLocalFormulario(row: Formulario): LocalFormulario {
  return { ...row, orden: fold(row.Nombre) };
}

export function toLocalDotacion(row: Dotacion): LocalDotacion {
  const month = Number(row.Mes.replace('-', ''));
  return { ...row, orden: `${String(999_999 - (Number.isFinite(month) ? month : 0)).padStart(6, '0')} ${row.RutContratista}` };
}

export function toLocalNivel(row: Nivel): LocalNivel {
  return { ...row, orden: fold(row.Nombre) };
}

