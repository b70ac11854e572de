import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';

/** The checklist report (spec 2.4) as PDF bytes, drawn on the server by the same document as in the browser. */
export async function renderChecklistPdf(data: ChecklistReportData): Promise<Buffer> {
  void data;
  throw new Error('renderChecklistPdf: not built yet');
}
