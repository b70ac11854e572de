import { toWireDate } from '#sync/domain/dates.ts';
import { reportCorrections } from '#sync/domain/inspection-correction-changes.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { FORMULARIO_TYPE_LABELS, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import { type ChecklistReportData, INSPECCIONES_MESSAGES, type ReportRequest } from '#sync/schemas/inspecciones.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { deviceImage } from '#app/data/device-images.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { levelName } from '#app/session/level-names.ts';
import { buildChecklistReportData, type BuiltChecklistReport, observedWorkerLabel, templateContentFor } from '#app/reports/checklist-report-data.ts';
import { paths } from '#app/navigation/paths.ts';
import type { ReportSource } from '#app/ui/reports/report-source.ts';

/** The company block: name and RUT from the session; the logo is its signed address, fetched by the PDF worker. */
function reportCompany(session: Session): ChecklistReportData['Empresa'] {
  const { NombreEmpresa, RutEmpresa, Logo } = session.empresa;
  return { Nombre: NombreEmpresa, Rut: RutEmpresa, Logo: Logo ? { Sha256: '', Tipo: 'image/png', Url: Logo } : null };
}

/**
 * The report from the device alone: null when the inspection or the template version it was filled with is not
 * here (a report must never print statements of another version).
 */
async function loadDeviceReport(db: AppDb, id: string, session: Session): Promise<BuiltChecklistReport | null> {
  const inspeccion = await db.inspecciones.get(id);
  if (!inspeccion || inspeccion.Estado !== 1) return null;
  const [draft, formulario, observaciones] = await Promise.all([
    db.borradores.get(id),
    db.formularios.get(inspeccion.IdFormulario),
    db.observaciones.where('IdEvaluacion').equals(id).toArray(),
  ]);
  const content = templateContentFor(inspeccion, draft, formulario);
  if (!content) return null;
  const levelIds = [inspeccion.IdNivel2, inspeccion.IdNivel3].filter((level): level is string => level !== null);
  const [levels, workers] = await Promise.all([db.niveles.bulkGet(levelIds), db.trabajadores.bulkGet(inspeccion.Observados)]);
  const report = await buildChecklistReportData(
    { inspeccion, observaciones, content },
    {
      company: reportCompany(session),
      levelLabels: { 2: levelName(session, 2), 3: levelName(session, 3) },
      levelNames: new Map(levels.flatMap((level) => (level ? [[level.IdNivel, level.Nombre] as const] : []))),
      workerNames: new Map(workers.flatMap((worker) => (worker ? [[worker.IdPersona, observedWorkerLabel(worker)] as const] : []))),
      loadFile: (ref) => deviceImage(db, ref),
      today: toWireDate(new Date()),
    },
  );
  // The paper never passes for the original: the corrections the device holds, as the server prints them.
  const corrections = inspeccion.Correcciones ?? [];
  return corrections.length > 0 ? { ...report, data: { ...report.data, Correcciones: reportCorrections(corrections) } } : report;
}

interface ReportAnswer {
  statusCode: number;
  data: ChecklistReportData;
}

/** The server's report data (its images are signed addresses, fetched by the PDF worker). */
async function fetchServerReport(request: ReportRequest, signal?: AbortSignal): Promise<ChecklistReportData> {
  const answer = await apiRequest<ReportAnswer>('/inspecciones/recursos-app/pdf', { method: 'POST', body: request, signal });
  return answer.data;
}

/** The checklist report of an inspection or an observation form: `/pdf/inspeccion/{empresa}/{id}` (spec 2.4). */
export function checklistReportSource(tipo: FormularioTipo): ReportSource<'checklist'> {
  const label = FORMULARIO_TYPE_LABELS[tipo].toLowerCase();
  return {
    kind: 'checklist',
    title: `Informe de ${label}`,
    permission: paths.inspecciones.list.href,
    back: { label: `Volver a la ${label}`, href: paths.inspecciones.detalles.href },
    list: { label: 'Volver a la lista de inspecciones', href: paths.inspecciones.list.href },
    notFound: INSPECCIONES_MESSAGES.notFound,
    fromDevice: (db, session, id) => loadDeviceReport(db, id, session),
    fromServer: (empresa, id, signal) => fetchServerReport({ IdObjeto: id, Empresa: empresa, Tipo: tipo }, signal),
    fileName: (data) => `Informe ${data.Titulo}`,
  };
}
