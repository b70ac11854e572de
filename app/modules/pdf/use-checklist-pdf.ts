import type { Session } from '#sync/schemas/auth.schema.ts';
import type { FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import * as v from 'valibot';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '#app/data/api-error.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { BuiltChecklistReport } from '#app/reports/checklist-report-data.ts';
import type { PdfProgress } from '#app/reports/render/checklist-pdf-in-worker.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { fetchServerReport, loadDeviceReport } from './checklist-report-source.ts';

export type ChecklistPdfState =
  | { status: 'cargando' }
  | { status: 'generando'; progress: PdfProgress | null }
  | { status: 'listo'; url: string; title: string; pages: number; missingFiles: number }
  /** Offline, and the device does not hold this inspection (or the template version it was filled with). */
  | { status: 'sin-datos' }
  /** Neither the device nor the server has this inspection (for this user). */
  | { status: 'no-existe' }
  | { status: 'error'; detail: string | null };

/**
 * Where the report's data comes from: the device first (offline field work), but when photos or signatures are
 * missing here and there is a network, the server's data, which has all of them; if the server fails, the
 * device's data still makes a report (missing images print as "no disponible").
 */
async function reportSource(db: AppDb, session: Session, tipo: FormularioTipo, empresa: string, id: string, signal: AbortSignal): Promise<BuiltChecklistReport | null> {
  const local = await loadDeviceReport(db, id, session);
  if (local && (local.missingFiles === 0 || !navigator.onLine)) return local;
  if (!navigator.onLine) return null;
  try {
    return { data: await fetchServerReport({ IdObjeto: id, Empresa: empresa, Tipo: tipo }, signal), missingFiles: 0 };
  } catch (error) {
    if (local && !signal.aborted) return local;
    if (error instanceof ApiError && error.offline) return null;
    throw error;
  }
}

/** Loads the report's data and renders the PDF in the worker; `retry` starts over. The object URL is revoked on leave. */
export function useChecklistPdf(session: Session, tipo: FormularioTipo, empresa: string, id: string) {
  const db = useDevice()?.db;
  const [state, setState] = useState<ChecklistPdfState>({ status: 'cargando' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!db) return;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'cargando' });
    void (async () => {
      try {
        if (!v.is(RecordIdSchema, id)) return setState({ status: 'no-existe' });
        const source = await reportSource(db, session, tipo, empresa, id, controller.signal);
        if (controller.signal.aborted) return;
        if (!source) return setState({ status: 'sin-datos' });
        setState({ status: 'generando', progress: null });
        // Loaded only here: @react-pdf (hundreds of KB) never weighs on the first screen.
        const { renderChecklistPdfInWorker } = await import('#app/reports/render/checklist-pdf-in-worker.ts');
        const rendered = await renderChecklistPdfInWorker(source.data, {
          signal: controller.signal,
          onProgress: (progress) => !controller.signal.aborted && setState({ status: 'generando', progress }),
        });
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(rendered.blob);
        setState({ status: 'listo', url, title: source.data.Titulo, pages: rendered.pages, missingFiles: source.missingFiles });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setState({ status: 'no-existe' });
        console.error('Informe PDF', error);
        setState({ status: 'error', detail: error instanceof ApiError ? errorMessage(error) : null });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [db, session, tipo, empresa, id, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
