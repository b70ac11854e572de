import { buildCertificateData } from '#app/reports/capacitacion-certificado-data.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import type { CertificadoCapacitacionData } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import type { AppDeps } from '../../app-env.ts';
import { canSeeParties, type Viewer } from '../../tenancy/viewer.ts';
import * as repo from './capacitaciones.repo.ts';

/** How the certificate's images travel: signed URLs for a browser, `data:` URLs for the server's own renderer. */
export type ImageMode = 'signed-url' | 'data-url';

type CertificateDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'records'>;

function imageLoader(deps: CertificateDeps, mode: ImageMode) {
  return async (file: FileRef): Promise<ReportImage> => {
    if (mode === 'data-url') {
      const stored = await deps.files.get(file.Sha256);
      if (stored) return { Sha256: file.Sha256, Tipo: stored.type, Url: `data:${stored.type};base64,${stored.bytes.toString('base64')}` };
    }
    return { Sha256: file.Sha256, Tipo: file.Tipo, Url: deps.files.signedUrl(file.Sha256, deps.now()) };
  };
}

/**
 * The certificate of one attendance, from the database, by the same pure builder as on the device. Undefined when
 * the attendance does not exist, its session is not realised, the person did not attend, or `viewer` may see
 * neither the session nor (a contractor) the worker.
 */
export async function buildCertificate(deps: CertificateDeps, company: string, viewer: Viewer, attendanceId: string, mode: ImageMode): Promise<CertificadoCapacitacionData | undefined> {
  const sessionId = await repo.sessionOfChild(deps.db, company, 'capacitacion_participantes', attendanceId);
  const session = sessionId ? (await repo.loadSession(deps.db, company, sessionId))?.session : undefined;
  if (!session) return undefined;
  const participant = session.Participantes.find((candidate) => candidate.Id === attendanceId)!;
  // As the report lists them: a contractor reaches its own workers' attendance in any session.
  const ownWorker = viewer.kind === 'contratista' && viewer.rut !== '' && participant.RutContratista === viewer.rut;
  if (!canSeeParties(viewer, session) && !ownWorker) return undefined;
  const empresa = await deps.db.selectFrom('empresas').select(['NombreEmpresa', 'RutEmpresa', 'LogoArchivo']).where('IdEmpresa', '=', company).executeTakeFirst();
  if (!empresa) return undefined;
  const image = imageLoader(deps, mode);
  const logoType = empresa.LogoArchivo ? ((await deps.files.describeForCompany(empresa.LogoArchivo, company))?.Tipo ?? 'image/png') : null;
  const logo = empresa.LogoArchivo && logoType ? await image({ Sha256: empresa.LogoArchivo, Tipo: logoType as FileRef['Tipo'] }) : null;
  const type = (await deps.records.tipos_capacitacion.load(deps.db, company, session.IdTipoCapacitacion))?.row ?? null;
  const cargo = participant.IdCargo ? (await deps.records.cargos.load(deps.db, company, participant.IdCargo))?.row : undefined;
  const built = await buildCertificateData(session, attendanceId, {
    company: { Nombre: empresa.NombreEmpresa, Rut: empresa.RutEmpresa, Logo: logo },
    type,
    cargoName: cargo?.NombreCargo ?? '',
    loadFile: image,
    today: toWireDate(deps.now()),
  });
  return built?.data;
}
