import { buildIncidentReportData } from '#app/reports/incident-report-data.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import type { IncidentReportData } from '#sync/schemas/incidentes-informe.ts';
import { type Incidente, incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { type ImageMode, reportCompany, reportImageLoader } from '#server/reports/report-sources.ts';
import { listMasks } from '#server/records/level-masks.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';
import { canSeeParties, type Viewer } from '#server/tenancy/viewer.ts';
import { measuresOf } from './medidas.repo.ts';

type ReportDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'records'>;

/** Names of the levels and catalogue entries the case points at, deleted ones included: the report tells what was chosen. */
async function namesOf(deps: ReportDeps, company: string, incident: Incidente): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const reference of incidenteEntity.references) {
    if (reference.table === 'trabajadores') continue;
    const value = incident[reference.field as keyof Incidente];
    const ids = Array.isArray(value) ? (value as string[]) : typeof value === 'string' && value ? [value] : [];
    const store = deps.records[reference.table as keyof RecordRegistry];
    for (const id of ids) {
      const row = (await store.load(deps.db, company, id))?.row as { Nombre?: string; Info?: string } | undefined;
      if (row) names.set(id, row.Info ?? row.Nombre ?? '');
    }
  }
  return names;
}

/**
 * The investigation report (spec 2.4) of one case from the database, built by the same pure builder as on the device
 * and drawn by the same document. Undefined when the case does not exist, was deleted or is not visible to `viewer`.
 */
export async function buildIncidentReport(
  deps: ReportDeps,
  company: string,
  viewer: Viewer,
  id: string,
  mode: ImageMode,
): Promise<IncidentReportData | undefined> {
  const incident = (await deps.records.incidentes.load(deps.db, company, id))?.row;
  if (!incident || incident.Estado === 0 || !canSeeParties(viewer, incident)) return undefined;
  const image = reportImageLoader(deps, mode);
  const empresa = await reportCompany(deps, company, image);
  if (!empresa) return undefined;
  const masks = new Map((await listMasks(deps.db, company)).map((mask) => [mask.TipoNv, mask.Nombre]));
  const { data } = await buildIncidentReportData(
    { incident, measures: await measuresOf(deps.db, company, id) },
    {
      company: empresa,
      levelLabels: { 2: masks.get(2) ?? 'Nivel 2', 3: masks.get(3) ?? 'Nivel 3' },
      names: await namesOf(deps, company, incident),
      loadFile: image,
      today: toWireDate(deps.now()),
      now: deps.now().getTime(),
    },
  );
  return data;
}
