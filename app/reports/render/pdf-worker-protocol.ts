import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';

/** Messages between a page and the PDF worker (checklist-pdf.worker.ts). One request, one `done` or `error`. */
export interface PdfWorkerRequest {
  id: number;
  kind: 'checklist';
  data: ChecklistReportData;
}

export type PdfStage = 'imagenes' | 'diagramando';

export type PdfWorkerMessage =
  | { id: number; type: 'progress'; stage: PdfStage; done?: number; total?: number }
  | { id: number; type: 'done'; pdf: ArrayBuffer; pages: number }
  | { id: number; type: 'error'; message: string };
