import { buildChecklistReportData, observedWorkerLabel } from '#app/reports/checklist-report-data.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import { reportCorrections } from '#sync/domain/inspection-correction-changes.ts';
import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { type ImageMode, reportCompany, reportImageLoader } from '#server/reports/report-sources.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { correctionsOf } from './correcciones.repo.ts';
import * as repo from './inspecciones.repo.ts';

type ReportDeps = Pick<AppDeps, 'db' | 'files' | 'now' | 'records'>;

/** Names of levels and observed workers, deleted ones included: a report tells what was true when it was signed. */
async function namesById(
  deps: ReportDeps,
  company: string,
  table: 'niveles' | 'trabajadores',
  ids: string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    if (table === 'niveles') {
      const level = (await deps.records.niveles.load(deps.db, company, id))?.row;
      if (level) names.set(id, level.Nombre);
    } else {
      const worker = (await deps.records.trabajadores.load(deps.db, company, id))?.row;
      if (worker) names.set(id, observedWorkerLabel(worker));
    }
  }
  return names;
}

/**
 * The checklist report (spec 2.4, "Report data") of one inspection: its rows read from the database, built by the
 * same pure builder as on the device (app/reports) and drawn by the same document. Undefined when the inspection
 * does not exist, was deleted or is not visible to `viewer`.
 */
export async function buildChecklistReport(
  deps: ReportDeps,
  company: string,
  viewer: Viewer,
  id: string,
  mode: ImageMode,
): Promise<ChecklistReportData | undefined> {
  const row = await repo.findInspection(deps.db, company, id);
  if (!row || row.Estado !== 1 || !repo.canSee(viewer, row)) return undefined;
  const inspeccion = repo.toWireInspeccion(row);
  const content = (await deps.records.formularios.loadVersion!(deps.db, company, inspeccion.IdFormulario, inspeccion.VersionFormulario))
    ?.Contenido;
  const image = reportImageLoader(deps, mode);
  const empresa = await reportCompany(deps, company, image);
  if (!content || !empresa) return undefined;
  const masks = new Map((await listMasks(deps.db, company)).map((mask) => [mask.TipoNv, mask.Nombre]));
  const levelNames = await namesById(
    deps,
    company,
    'niveles',
    [inspeccion.IdNivel2, inspeccion.IdNivel3].filter((level): level is string => level !== null),
  );
  const workerNames = await namesById(deps, company, 'trabajadores', inspeccion.Observados);
  const observaciones = (await repo.observationsOf(deps.db, company, id)).map(repo.toWireObservacion);

  const { data } = await buildChecklistReportData(
    { inspeccion, observaciones, content },
    {
      company: empresa,
      levelLabels: { 2: masks.get(2) ?? 'Nivel 2', 3: masks.get(3) ?? 'Nivel 3' },
      levelNames,
      workerNames,
      loadFile: image,
      today: toWireDate(deps.now()),
    },
  );
  const corrections = await correctionsOf(deps.db, company, id);
  if (corrections.length === 0) return data;
  // The paper says it is not the original.
  return { ...data, Correcciones: reportCorrections(corrections) };
}
