import type { FileRef } from '#sync/records/record-fields.ts';
import { useRecordFileUrls } from '#app/data/record-file-urls.ts';

/** Where each file of a case shows: from this device, or from the case's detail call (`Urls`) when online. */
export function useCaseFileUrls(company: string, idEvaluacion: string, refs: readonly FileRef[]): Record<string, string> {
  const detail = idEvaluacion ? `/accidentes/registro-accidentes/${encodeURIComponent(idEvaluacion)}/${encodeURIComponent(company)}` : null;
  return useRecordFileUrls(detail, refs);
}
