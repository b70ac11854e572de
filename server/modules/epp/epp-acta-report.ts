import { buildEppActaReportData } from '#app/reports/epp-acta-report-data.ts';
import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import type { EppActaReportData } from '#sync/schemas/epp-entregas.schema.ts';
import type { AppDeps } from '../../app-env.ts';
import type { Viewer } from '../../tenancy/viewer.ts';
import * as repo from './epp-entregas.repo.ts';

/** How the report's images travel: signed URLs for a browser, `data:` URLs for the server's own PDF renderer. */
export type ImageMode = 'signed-url' | 'data-url';

type ReportDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'config'>;

function imageLoader(deps: ReportDeps, mode: ImageMode) {
  return async (file: FileRef): Promise<ReportImage> => {
    if (mode === 'data-url') {
      const stored = await deps.files.get(file.Sha256);
      if (stored) return { Sha256: file.Sha256, Tipo: stored.type, Url: `data:${stored.type};base64,${stored.bytes.toString('base64')}` };
    }
    return { Sha256: file.Sha256, Tipo: file.Tipo, Url: deps.files.signedUrl(file.Sha256, deps.now()) };
  };
}

/**
 * One acta's report data from the database, built by the same pure builder as on the device (app/reports) and drawn
 * by the same document. Undefined when it does not exist in the company or the viewer may not see it.
 */
export async function buildEppActaReport(deps: ReportDeps, company: string, viewer: Viewer, id: string, mode: ImageMode): Promise<EppActaReportData | undefined> {
  const acta = await repo.loadDelivery(deps.db, company, id);
  const empresa = await deps.db.selectFrom('empresas').select(['NombreEmpresa', 'RutEmpresa', 'LogoArchivo']).where('IdEmpresa', '=', company).executeTakeFirst();
  if (!acta || acta.Estado !== 1 || !repo.canSee(viewer, acta) || !empresa) return undefined;
  const image = imageLoader(deps, mode);
  const logoType = empresa.LogoArchivo ? ((await deps.files.describeForCompany(empresa.LogoArchivo, company))?.Tipo ?? 'image/png') : null;
  const logo = empresa.LogoArchivo && logoType ? await image({ Sha256: empresa.LogoArchivo, Tipo: logoType as FileRef['Tipo'] }) : null;
  const { data } = await buildEppActaReportData(acta, {
    company: { Nombre: empresa.NombreEmpresa, Rut: empresa.RutEmpresa, Logo: logo },
    verificationBase: deps.config.verificationBaseUrl,
    loadFile: image,
  });
  return data;
}
