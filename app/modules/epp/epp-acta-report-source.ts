import type { Session } from '#sync/schemas/auth.schema.ts';
import { EPP_ENTREGAS_MESSAGES, type EppActaReportData } from '#sync/schemas/epp-entregas.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { deviceImage } from '#app/data/device-images.ts';
import { buildEppActaReportData, type BuiltActaReport } from '#app/reports/epp-acta-report-data.ts';
import { paths } from '#app/navigation/paths.ts';
import type { ReportSource } from '#app/ui/reports/report-source.ts';

/**
 * The verification links of a document made on this device point to the server's public address, which came with
 * the session; a session stored before the setting existed falls back to this app's own address.
 */
export function verificationBase(session: Session): string {
  return session.urlVerificacion ?? window.location.origin;
}

async function loadDeviceActa(db: AppDb, session: Session, id: string): Promise<BuiltActaReport | null> {
  const acta = await db.epp_entregas.get(id);
  if (!acta) return null;
  const { NombreEmpresa, RutEmpresa, Logo } = session.empresa;
  return buildEppActaReportData(acta, {
    company: { Nombre: NombreEmpresa, Rut: RutEmpresa, Logo: Logo ? { Sha256: '', Tipo: 'image/png', Url: Logo } : null },
    verificationBase: verificationBase(session),
    loadFile: (ref) => deviceImage(db, ref),
  });
}

/** The server's acta data (signatures as signed addresses, fetched by the PDF worker); a 404 when it has none. */
async function fetchServerActa(empresa: string, id: string, signal: AbortSignal): Promise<EppActaReportData> {
  const answer = await apiRequest<{ data: EppActaReportData | null }>(`/epp/entregados/acta/${encodeURIComponent(empresa)}/${encodeURIComponent(id)}`, { signal });
  if (!answer.data) throw new ApiError(EPP_ENTREGAS_MESSAGES.notFound, 404);
  return answer.data;
}

/** One worker's EPP delivery acta: `/pdf/epp/{empresa}/{id}` (spec 2.4), made on the device offline or by the server. */
export const eppActaReportSource: ReportSource<'eppActa'> = {
  kind: 'eppActa',
  title: 'Acta de entrega de EPP',
  permission: paths.eppEntregados.list.href,
  back: { label: 'Volver al acta', href: paths.eppEntregados.detalles.href },
  list: { label: 'Volver a las entregas de EPP', href: paths.eppEntregados.list.href },
  notFound: EPP_ENTREGAS_MESSAGES.notFound,
  fromDevice: (db, session, id) => loadDeviceActa(db, session, id),
  fromServer: fetchServerActa,
  fileName: (data) => `Acta EPP ${data.Trabajador.Nombre} ${data.Fecha}`,
};
