import type { Session } from '#sync/schemas/auth.schema.ts';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import * as v from 'valibot';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '#app/data/api-error.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { ReportKind } from '#app/reports/report-kinds.ts';
import type { PdfProgress } from '#app/reports/render/report-pdf-in-worker.ts';
import { useDevice } from '#app/sync/use-device.ts';
import type { DeviceReport, ReportSource } from './report-source.ts';

export type ReportPdfState =
  | { status: 'cargando' }
  | { status: 'generando'; progress: PdfProgress | null }
  | { status: 'listo'; url: string; fileName: string; pages: number; missingFiles: number }
  /** Offline, and the device does not hold this record. */
  | { status: 'sin-datos' }
  /** Neither the device nor the server has this record (for this user). */
  | { status: 'no-existe' }
  | { status: 'error'; detail: string | null };

/**
 * Where the report's data comes from: the device first (offline field work), but when photos or signatures are
 * missing here and there is a network, the server's data, which has all of them; if the server fails, the
 * device's data still makes a report (missing images print as "no disponible").
 */
async function reportData<K extends ReportKind>(
  source: ReportSource<K>,
  db: AppDb,
  session: Session,
  empresa: string,
  id: string,
  signal: AbortSignal,
): Promise<DeviceReport<unknown> | null> {
  const local = await source.fromDevice(db, session, id);
  if (local && (local.missingFiles === 0 || !navigator.onLine)) return local;
  if (!navigator.onLine) return null;
  try {
    return { data: await source.fromServer(empresa, id, signal), missingFiles: 0 };
  } catch (error) {
    if (local && !signal.aborted) return local;
    if (error instanceof ApiError && error.offline) return null;
    throw error;
  }
}

/** Loads the report's data and renders the PDF in the worker; `retry` starts over. The object URL is revoked on leave. */
export function useReportPdf<K extends ReportKind>(source: ReportSource<K>, session: Session, empresa: string, id: string) {
  const db = useDevice()?.db;
  const [state, setState] = useState<ReportPdfState>({ status: 'cargando' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!db) return;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'cargando' });
    void (async () => {
      try {
        if (!v.is(RecordIdSchema, id)) return setState({ status: 'no-existe' });
        const found = await reportData(source, db, session, empresa, id, controller.signal);
        if (controller.signal.aborted) return;
        if (!found) return setState({ status: 'sin-datos' });
        setState({ status: 'generando', progress: null });
        // Loaded only here: @react-pdf (hundreds of KB) never weighs on the first screen.
        const { renderReportPdfInWorker } = await import('#app/reports/render/report-pdf-in-worker.ts');
        const data = found.data as Parameters<typeof source.fileName>[0];
        const rendered = await renderReportPdfInWorker(source.kind, data, {
          signal: controller.signal,
          onProgress: (progress) => !controller.signal.aborted && setState({ status: 'generando', progress }),
        });
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(rendered.blob);
        setState({ status: 'listo', url, fileName: source.fileName(data), pages: rendered.pages, missingFiles: found.missingFiles });
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
  }, [db, source, session, empresa, id, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
