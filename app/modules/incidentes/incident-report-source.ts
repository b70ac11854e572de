import { toWireDate } from '#sync/domain/dates.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import type { FileRef, ReportImage } from '#sync/records/record-fields.ts';
import { ACCIDENT_CATALOGUE_TABLES } from '#sync/schemas/incidentes-catalogos.schema.ts';
import type { IncidentReportData } from '#sync/schemas/incidentes-informe.ts';
import { INCIDENTES_MESSAGES } from '#sync/schemas/incidentes.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { buildIncidentReportData } from '#app/reports/incident-report-data.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import type { ReportSource } from '#app/ui/reports/report-source.ts';

function dataUrlOf(bytes: ArrayBuffer, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('No fue posible leer el archivo'));
    reader.readAsDataURL(new Blob([bytes], { type }));
  });
}

/** A photo or signature taken on this device: kept (archivosDispositivo) or still queued (outboxFiles). */
async function deviceImage(db: AppDb, ref: FileRef): Promise<ReportImage | null> {
  const file = (await db.archivosDispositivo.get(ref.Sha256)) ?? (await db.outboxFiles.get(ref.Sha256));
  return file ? { Sha256: ref.Sha256, Tipo: file.type, Url: await dataUrlOf(file.bytes, file.type) } : null;
}

/** The names of every level and catalogue entry on the device (ids are UUIDs: one map holds them all). */
async function deviceNames(db: AppDb): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const level of await db.niveles.toArray()) names.set(level.IdNivel, level.Nombre);
  for (const table of ACCIDENT_CATALOGUE_TABLES) {
    for (const row of (await db.table(table).toArray()) as { Id: string; Info: string }[]) names.set(row.Id, row.Info);
  }
  return names;
}

async function fromDevice(db: AppDb, session: Session, id: string) {
  const incident = await db.incidentes.get(id);
  if (!incident || incident.Estado === 0) return null;
  const { NombreEmpresa, RutEmpresa, Logo } = session.empresa;
  return buildIncidentReportData(
    { incident, measures: await db.medidas_control.where('IdEvaluacion').equals(id).toArray() },
    {
      company: { Nombre: NombreEmpresa, Rut: RutEmpresa, Logo: Logo ? { Sha256: '', Tipo: 'image/png', Url: Logo } : null },
      levelLabels: { 2: levelName(session, 2), 3: levelName(session, 3) },
      names: await deviceNames(db),
      loadFile: (ref) => deviceImage(db, ref),
      today: toWireDate(new Date()),
      now: Date.now(),
    },
  );
}

/** The incident investigation report: `/pdf/incidentes/{empresa}/{id}` (spec 2.4), offline from the device. */
export const incidentReportSource: ReportSource<'incidente'> = {
  kind: 'incidente',
  title: 'Informe de investigación de accidente',
  permission: paths.incidentes.list.href,
  back: { label: 'Volver al accidente', href: paths.incidentes.detalles.href },
  list: { label: 'Volver a la lista de incidentes', href: paths.incidentes.list.href },
  notFound: INCIDENTES_MESSAGES.notFound,
  fromDevice,
  fromServer: async (_empresa, id, signal) => (await apiRequest<{ data: IncidentReportData }>(`/accidentes/${encodeURIComponent(id)}`, { signal })).data,
  fileName: (data) => `Informe accidente ${data.Folio}`,
};
