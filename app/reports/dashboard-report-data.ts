import type { ReportCompany, ReportImage } from '#sync/records/record-fields.ts';
import type { LabelledValue } from './report-kit.tsx';

/** One chart of a dashboard's report: its figure, its picture and how it is computed. */
export interface DashboardReportChart {
  Titulo: string;
  /** The headline figure as the card writes it ("15 %"), or null. */
  Total: string | null;
  /** The chart as a PNG `data:` URL (drawn off screen on the device), or null when there is nothing to draw. */
  Imagen: ReportImage | null;
  /** The picture's height over its width, to keep its shape on the page. */
  Proporcion: number;
  /** Said instead of the picture: no data in the period, or why the figure could not be had. */
  SinImagen: string | null;
  /** The values in words (what a screen reader hears on the screen). */
  Valores: string;
  Formula: string | null;
  Avisos: string[];
}

/**
 * A dashboard for the monthly committee (comité paritario) report: its title, the filters it was drawn with and
 * every chart with its formula, as the person saw them. Built on the device from the answers on the screen.
 */
export interface DashboardReportData {
  Empresa: ReportCompany;
  Titulo: string;
  Filtros: LabelledValue[];
  /** When it was made, DD/MM/AAAA HH:mm in Chile. */
  Generado: string;
  Graficos: DashboardReportChart[];
}
