import type { ReportDataByKind, ReportKind } from '../report-kinds.ts';

/** Messages between a page and the PDF worker (report-pdf.worker.ts). One request, one `done` or `error`. */
export type PdfWorkerRequest = { [K in ReportKind]: { id: number; kind: K; data: ReportDataByKind[K] } }[ReportKind];

export type PdfStage = 'imagenes' | 'diagramando';

export type PdfWorkerMessage =
  | { id: number; type: 'progress'; stage: PdfStage; done?: number; total?: number }
  | { id: number; type: 'done'; pdf: ArrayBuffer; pages: number }
  | { id: number; type: 'error'; message: string };
