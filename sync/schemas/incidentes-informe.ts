import type { ReviewState } from '../domain/review-state.ts';
import type { Semaforo } from '../domain/traffic-light.ts';
import type { ReportImage, ReportCompany } from '../records/record-fields.ts';

/** A label and its value, as the report prints its grids. */
export interface ReportRow {
  Etiqueta: string;
  Valor: string;
}

export interface ReportMeasure {
  Medida: string;
  Responsable: string;
  Plazo: string | null;
  /** With the overdue rule on the day the report was made (SPEC OV1). */
  Semaforo: Semaforo;
  Estado: ReviewState;
  EstadoTexto: string;
}

/**
 * The incident investigation report (spec 2.4, `/pdf/incidentes`), in the spec's order: type of event, background,
 * injured persons, damage, description and evidence, (page break) causal analysis, risk evaluation, control
 * measures with traffic light and deadline, investigators, reporter signatures. Built the same way on the device
 * and on the server (app/reports/incident-report-data.ts) and drawn by one @react-pdf document.
 */
export interface IncidentReportData {
  Empresa: ReportCompany;
  Titulo: string;
  /** The case's display folio (IdAccidente) and whether it is open or closed. */
  Folio: string;
  EstadoCaso: string;
  TipoEvento: ReportRow[];
  Antecedentes: ReportRow[];
  /** One block of rows per injured person (none for a CDM or a near miss without one). */
  Lesionados: ReportRow[][];
  Danos: ReportRow[];
  Descripcion: string;
  Evidencias: { Nombre: string; Imagen: ReportImage | null }[];
  Declaraciones: { Nombre: string; Detalle: string; Texto: string }[];
  AnalisisCausal: { Titulo: string; Items: string[] }[];
  EvaluacionRiesgo: ReportRow[];
  Medidas: ReportMeasure[];
  Investigadores: { Nombre: string; Rut: string; Cargo: string; Imagen: ReportImage; FirmadoEn: string }[];
  Informante: { Nombre: string; Rut: string; Imagen: ReportImage | null; Fecha: string };
}
