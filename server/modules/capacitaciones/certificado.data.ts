import { buildCertificateData } from '#app/reports/capacitacion-certificado-data.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import type { CertificadoCapacitacionData } from '#sync/schemas/capacitaciones-certificado.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { type ImageMode, reportCompany, reportImageLoader } from '#server/reports/report-sources.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';
import * as repo from './capacitaciones.repo.ts';

type CertificateDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'records'>;

/**
 * The certificate of one attendance, from the database, by the same pure builder as on the device. Undefined when
 * the attendance does not exist, its session is not realised, the person did not attend, or `viewer` may see
 * neither the session nor (a contractor) the worker.
 */
export async function buildCertificate(
  deps: CertificateDeps,
  company: string,
  viewer: Viewer,
  attendanceId: string,
  mode: ImageMode,
): Promise<CertificadoCapacitacionData | undefined> {
  const sessionId = await repo.sessionOfChild(deps.db, company, 'capacitacion_participantes', attendanceId);
  const session = sessionId ? (await repo.loadSession(deps.db, company, sessionId))?.session : undefined;
  if (!session) return undefined;
  const participant = session.Participantes.find((candidate) => candidate.Id === attendanceId)!;
  // As the report lists them: a contractor reaches its own workers' attendance in any session.
  const ownWorker = viewer.kind === 'contratista' && viewer.rut !== '' && participant.RutContratista === viewer.rut;
  if (!canSeeParties(viewer, session) && !ownWorker) return undefined;
  const image = reportImageLoader(deps, mode);
  const empresa = await reportCompany(deps, company, image);
  if (!empresa) return undefined;
  const type = (await deps.records.tipos_capacitacion.load(deps.db, company, session.IdTipoCapacitacion))?.row ?? null;
  const cargo = participant.IdCargo ? (await deps.records.cargos.load(deps.db, company, participant.IdCargo))?.row : undefined;
  const built = await buildCertificateData(session, attendanceId, {
    company: empresa,
    type,
    cargoName: cargo?.NombreCargo ?? '',
    loadFile: image,
    today: toWireDate(deps.now()),
  });
  return built?.data;
}
