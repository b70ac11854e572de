import type { ReportDataByKind, ReportKind } from '#app/reports/report-kinds.ts';
import type { CardRows, PortalPeriod } from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '../app-env.ts';

/** The worker whose records are read: their roster id and their RUT (records made before the roster name only the RUT). */
export interface WorkerRef {
  IdPersona: string;
  /** Without dots, with hyphen: 12345678-9 (as records store it). */
  Rut: string;
}

/**
 * What a module holds about one worker, for readers outside the module (the inspector portal): the rows of its card
 * in a period, newest first, and each row's printed report, drawn by the same document the office prints. The module
 * supplies it on its store in the read registry (`RecordStore.workerRecords`), so a reader reaches it through
 * `deps.records` and never imports the module. Reads ignore who is asking: the caller has already decided that the
 * reader may see every record of this worker (an inspector may, by law).
 */
export interface WorkerRecords<C extends keyof CardRows, K extends ReportKind = ReportKind> {
  card: C;
  list(deps: AppDeps, company: string, worker: WorkerRef, period: PortalPeriod): Promise<CardRows[C][]>;
  report: {
    kind: K;
    /** The report of one row's record, images as data URLs; undefined when it is not this worker's record. */
    build(deps: AppDeps, company: string, worker: WorkerRef, id: string): Promise<ReportDataByKind[K] | undefined>;
  };
}

export type AnyWorkerRecords = { [C in keyof CardRows]: WorkerRecords<C> }[keyof CardRows];
