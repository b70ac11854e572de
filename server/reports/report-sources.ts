import type { FileRef, ReportCompany, ReportImage } from '#sync/records/record-fields.ts';
import type { AppDeps } from '../app-env.ts';

/** How a report's images travel: signed URLs for a browser, `data:` URLs for the server's own PDF renderer. */
export type ImageMode = 'signed-url' | 'data-url';

type ImageDeps = Pick<AppDeps, 'files' | 'now'>;

/** Loads a report's images (logo, photos, signatures) the way `mode` says. */
export function reportImageLoader(deps: ImageDeps, mode: ImageMode) {
  return async (file: FileRef): Promise<ReportImage> => {
    if (mode === 'data-url') {
      const stored = await deps.files.get(file.Sha256);
      if (stored) return { Sha256: file.Sha256, Tipo: stored.type, Url: `data:${stored.type};base64,${stored.bytes.toString('base64')}` };
    }
    return { Sha256: file.Sha256, Tipo: file.Tipo, Url: deps.files.signedUrl(file.Sha256, deps.now()) };
  };
}

/** The company at the head of a report, its logo loaded by `image`; undefined when the company does not exist. */
export async function reportCompany(deps: Pick<AppDeps, 'db' | 'files'>, company: string, image: (file: FileRef) => Promise<ReportImage>): Promise<ReportCompany | undefined> {
  const empresa = await deps.db.selectFrom('empresas').select(['NombreEmpresa', 'RutEmpresa', 'LogoArchivo']).where('IdEmpresa', '=', company).executeTakeFirst();
  if (!empresa) return undefined;
  const logoType = empresa.LogoArchivo ? ((await deps.files.describeForCompany(empresa.LogoArchivo, company))?.Tipo ?? 'image/png') : null;
  const logo = empresa.LogoArchivo && logoType ? await image({ Sha256: empresa.LogoArchivo, Tipo: logoType as FileRef['Tipo'] }) : null;
  return { Nombre: empresa.NombreEmpresa, Rut: empresa.RutEmpresa, Logo: logo };
}
