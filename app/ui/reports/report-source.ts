import type { Session } from '#sync/schemas/auth.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { ReportDataByKind, ReportKind } from '#app/reports/report-kinds.ts';

/** A report's data as the device could build it, with how many of its photos and signatures it lacks. */
export interface DeviceReport<Data> {
  data: Data;
  missingFiles: number;
}

/**
 * Where a print page (spec 2.4, `/pdf/{tipo}/{empresa}/{id}`) gets its report: the device first (field work is
 * offline), the server when the device lacks the record or some of its files. Each module that has a report
 * describes its source; app/pages/report-sources.ts maps the spec's `tipo` to them.
 */
export interface ReportSource<K extends ReportKind = ReportKind> {
  kind: K;
  /** "Informe de inspección": the page's heading. */
  title: string;
  /** The permission route whose `index` lets a person open this report. */
  permission: string;
  /** Where the page leads back to: the record's detail. */
  back: { label: string; href: (id: string) => string };
  /** Where a missing record's page leads: the module's list. */
  list: { label: string; href: string };
  /** Neither the device nor the server has the record (for this person). */
  notFound: string;
  /** The data from the device alone; null when the device does not hold the record. */
  fromDevice(db: AppDb, session: Session, id: string): Promise<DeviceReport<ReportDataByKind[K]> | null>;
  /** The server's data (its images are signed addresses, fetched by the PDF worker); a 404 when it has none. */
  fromServer(empresa: string, id: string, signal: AbortSignal): Promise<ReportDataByKind[K]>;
  /** The downloaded file's name, without ".pdf". */
  fileName(data: ReportDataByKind[K]): string;
}
