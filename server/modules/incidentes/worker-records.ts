import type { IncidenteCardRow } from '#sync/schemas/fiscales.schema.ts';
import { INCIDENTE_ESTADO_LABELS } from '#sync/schemas/incidentes.schema.ts';
import type { WorkerRecords } from '#server/records/worker-records.ts';
import { buildIncidentReport } from './report-data.ts';

/** The case names the injured worker by roster id, or only by RUT when typed in (a worker not on the roster then). */
function injures(row: { IdPersona: string | null; Rut: string }, worker: { IdPersona: string; Rut: string }): boolean {
  return row.IdPersona === worker.IdPersona || (row.Rut !== '' && row.Rut.toUpperCase() === worker.Rut.toUpperCase());
}

/**
 * The cases where a worker is the injured person, by date of occurrence: their classification (already the
 * Spanish label the app shows) and the investigation's state as the app names it. The PDF is the investigation report.
 */
export const incidentesWorkerRecords: WorkerRecords<'incidentes', 'incidente'> = {
  card: 'incidentes',
  async list(deps, company, worker, period) {
    const rows = await deps.db
      .selectFrom('incidentes')
      .select(['IdEvaluacion', 'FechaOcurrencia', 'HoraOcurrencia', 'Clasificacion', 'Estado'])
      .where('IdEmpresa', '=', company)
      .where('Estado', '<>', 0)
      .where((eb) => eb.or([eb('IdPersona', '=', worker.IdPersona), eb(eb.fn('upper', ['Rut']), '=', worker.Rut.toUpperCase())]))
      .where('FechaOcurrencia', '>=', period.desde)
      .where('FechaOcurrencia', '<=', period.hasta)
      .orderBy('FechaOcurrencia', 'desc')
      .orderBy('HoraOcurrencia', 'desc')
      .orderBy('IdEvaluacion')
      .execute();
    return rows.map(
      (row): IncidenteCardRow => ({
        Id: row.IdEvaluacion,
        FechaIncidente: row.FechaOcurrencia,
        TipoIncidente: row.Clasificacion,
        EstadoInvestigacion: INCIDENTE_ESTADO_LABELS[row.Estado === 2 ? 2 : 1],
      }),
    );
  },
  report: {
    kind: 'incidente',
    async build(deps, company, worker, id) {
      const row = await deps.db.selectFrom('incidentes').select(['IdPersona', 'Rut', 'Estado']).where('IdEmpresa', '=', company).where('IdEvaluacion', '=', id).executeTakeFirst();
      if (!row || row.Estado === 0 || !injures(row, worker)) return undefined;
      return buildIncidentReport(deps, company, { kind: 'empresa' }, id, 'data-url');
    },
  },
};
