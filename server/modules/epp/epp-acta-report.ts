import { buildEppActaReportData } from '#app/reports/epp-acta-report-data.ts';
import type { EppActaReportData } from '#sync/schemas/epp-entregas.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { type ImageMode, reportCompany, reportImageLoader } from '#server/reports/report-sources.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';
import * as repo from './epp-entregas.repo.ts';

type ReportDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'config'>;

/**
 * One acta's report data from the database, built by the same pure builder as on the device (app/reports) and drawn
 * by the same document. Undefined when it does not exist in the company or the viewer may not see it.
 */
export async function buildEppActaReport(
  deps: ReportDeps,
  company: string,
  viewer: Viewer,
  id: string,
  mode: ImageMode,
): Promise<EppActaReportData | undefined> {
  const acta = await repo.loadDelivery(deps.db, company, id);
  if (!acta || acta.Estado !== 1 || !canSeeParties(viewer, acta)) return undefined;
  const image = reportImageLoader(deps, mode);
  const empresa = await reportCompany(deps, company, image);
  if (!empresa) return undefined;
  const { data } = await buildEppActaReportData(acta, {
    company: empresa,
    verificationBase: deps.config.verificationBaseUrl,
    loadFile: image,
  });
  return data;
}
