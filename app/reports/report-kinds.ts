import type { Document } from '@react-pdf/renderer';
import type { ComponentProps, ReactElement } from 'react';
import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import type { CertificadoCapacitacionData } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import type { InformeSatReportData } from '#sync/schemas/epp-consultas.schema.ts';
import type { EppActaReportData } from '#sync/schemas/epp-entregas.schema.ts';
import type { IncidentReportData } from '#sync/schemas/incidentes-informe.ts';
import type { DashboardReportData } from './dashboard-report-data.ts';

/**
 * Every PDF document of the product, by kind, with the data it draws. One document per kind, written once and
 * drawn both in the browser (offline, in the PDF worker) and on the server. A new report adds its data type here
 * and its document to REPORT_DOCUMENTS; the compiler asks for both.
 */
export interface ReportDataByKind {
  /** The checklist report of an inspection or an observation form (spec 2.4). */
  checklist: ChecklistReportData;
  /** The training certificate of one attendance (spec 2.4, /pdf/capacitacion). */
  'certificado-capacitacion': CertificadoCapacitacionData;
  /** One worker's sealed EPP delivery acta (spec 2.4, /pdf/epp), with its QR verification code. */
  eppActa: EppActaReportData;
  /** What one worker holds of EPP, since when and until when (spec epp/informe_sat). */
  eppInformeSat: InformeSatReportData;
  /** The incident investigation report (spec 2.4, /pdf/incidentes). */
  incidente: IncidentReportData;
  /** A dashboard with its filters and each chart as a picture with its formula (issue 28), made on the device. */
  dashboard: DashboardReportData;
}

export type ReportKind = keyof ReportDataByKind;

export type ReportElement = ReactElement<ComponentProps<typeof Document>>;

/** Each document is loaded only when a report of its kind is made: the worker never carries all of them. */
export const REPORT_DOCUMENTS: { [K in ReportKind]: () => Promise<(data: ReportDataByKind[K]) => ReportElement> } = {
  checklist: () => import('./checklist-report.tsx').then((module) => module.checklistReportElement),
  'certificado-capacitacion': () => import('./capacitacion-certificado.tsx').then((module) => module.certificadoCapacitacionElement),
  // The QR library comes with this document only.
  eppActa: () => import('./epp-acta-report.tsx').then((module) => module.eppActaReportElement),
  incidente: () => import('./incident-report.tsx').then((module) => module.incidentReportElement),
  eppInformeSat: () => import('./epp-informe-sat.tsx').then((module) => module.eppInformeSatElement),
  dashboard: () => import('./dashboard-report.tsx').then((module) => module.dashboardReportElement),
};

export async function reportElement<K extends ReportKind>(kind: K, data: ReportDataByKind[K]): Promise<ReportElement> {
  const documentOf = await REPORT_DOCUMENTS[kind]();
  return documentOf(data);
}
